-- AlterTable
ALTER TABLE "oidc_sign_in_states" ADD COLUMN     "link_hash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "oidc_sign_in_states_link_hash_key" ON "oidc_sign_in_states"("link_hash");
