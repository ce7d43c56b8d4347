-- AlterTable
ALTER TABLE "admin_sessions" ADD COLUMN     "method" TEXT NOT NULL DEFAULT 'password';

-- CreateTable
CREATE TABLE "admin_sso_configs" (
    "partner_id" UUID NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret_encrypted" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "email_domains" TEXT[],
    "require_sso" BOOLEAN NOT NULL DEFAULT false,
    "jit_enabled" BOOLEAN NOT NULL DEFAULT false,
    "jit_role" "TeamRole" NOT NULL DEFAULT 'analyst',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "admin_sso_configs_pkey" PRIMARY KEY ("partner_id")
);

-- CreateTable
CREATE TABLE "admin_sso_states" (
    "state_hash" TEXT NOT NULL,
    "partner_id" UUID NOT NULL,
    "issuer" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "return_to" TEXT NOT NULL,
    "ticket_hash" TEXT,
    "admin_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "admin_sso_states_pkey" PRIMARY KEY ("state_hash")
);

-- CreateIndex
CREATE INDEX "admin_sso_configs_email_domains_idx" ON "admin_sso_configs" USING GIN ("email_domains");

-- CreateIndex
CREATE UNIQUE INDEX "admin_sso_states_ticket_hash_key" ON "admin_sso_states"("ticket_hash");

-- CreateIndex
CREATE INDEX "admin_sso_states_expires_at_idx" ON "admin_sso_states"("expires_at");

-- AddForeignKey
ALTER TABLE "admin_sso_configs" ADD CONSTRAINT "admin_sso_configs_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;
