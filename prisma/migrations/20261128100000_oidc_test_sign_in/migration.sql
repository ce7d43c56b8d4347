-- AlterTable
ALTER TABLE "oidc_sign_in_states" ADD COLUMN     "test_ticket_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "oidc_sign_in_states_test_ticket_id_key" ON "oidc_sign_in_states"("test_ticket_id");
