-- AlterTable
ALTER TABLE "deals" ADD COLUMN     "translations" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "members" ADD COLUMN     "locale" TEXT;

-- AlterTable
ALTER TABLE "partners" ADD COLUMN     "default_locale" TEXT NOT NULL DEFAULT 'en',
ADD COLUMN     "locales" TEXT[] DEFAULT ARRAY['en']::TEXT[];
