-- CreateTable
CREATE TABLE "member_sign_ins" (
    "member_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "last_signed_in_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "member_sign_ins_pkey" PRIMARY KEY ("member_id")
);

-- CreateIndex
CREATE INDEX "member_sign_ins_partner_id_environment_idx" ON "member_sign_ins"("partner_id", "environment");

-- AddForeignKey
ALTER TABLE "member_sign_ins" ADD CONSTRAINT "member_sign_ins_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;
