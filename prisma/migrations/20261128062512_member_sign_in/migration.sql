-- AlterTable
ALTER TABLE "members" ADD COLUMN     "idp_issuer" TEXT;

-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "member_sign_in" JSONB NOT NULL DEFAULT '{"email_link": true, "oidc": null, "handoff": false}',
ADD COLUMN     "oidc_client_secret_encrypted" TEXT;

-- CreateTable
CREATE TABLE "handoff_secrets" (
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "secret_encrypted" TEXT NOT NULL,
    "previous_secret_encrypted" TEXT,
    "previous_valid_until" TIMESTAMPTZ(3),
    "rotated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "handoff_secrets_pkey" PRIMARY KEY ("partner_id","environment")
);

-- CreateTable
CREATE TABLE "used_handoff_tokens" (
    "partner_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "jti" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "used_handoff_tokens_pkey" PRIMARY KEY ("partner_id","environment","jti")
);

-- CreateTable
CREATE TABLE "oidc_sign_in_states" (
    "state_hash" TEXT NOT NULL,
    "partner_id" UUID NOT NULL,
    "issuer" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "return_to" TEXT NOT NULL,
    "popup" BOOLEAN NOT NULL DEFAULT false,
    "completion_code_hash" TEXT,
    "member_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "oidc_sign_in_states_pkey" PRIMARY KEY ("state_hash")
);

-- CreateIndex
CREATE INDEX "used_handoff_tokens_expires_at_idx" ON "used_handoff_tokens"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "oidc_sign_in_states_completion_code_hash_key" ON "oidc_sign_in_states"("completion_code_hash");

-- CreateIndex
CREATE INDEX "oidc_sign_in_states_expires_at_idx" ON "oidc_sign_in_states"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "members_partner_id_environment_idp_issuer_idp_uid_key" ON "members"("partner_id", "environment", "idp_issuer", "idp_uid");

-- AddForeignKey
ALTER TABLE "handoff_secrets" ADD CONSTRAINT "handoff_secrets_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;
