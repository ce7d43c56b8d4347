-- A partner may serve its hosted app on its own host name (unique across partners), and hide the Powered by Perkway footer.
-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "custom_domain" TEXT,
ADD COLUMN     "hide_powered_by" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "partners_custom_domain_key" ON "partners"("custom_domain");
