// The sender's look in an email header. Kept apart from the templates so that code which only needs
// the brand (the email service) does not load React Email.
export type EmailBrand = { name: string; logoUrl: string | null; color: string };

export const PERKWAY_BRAND: EmailBrand = { name: "Perkway", logoUrl: null, color: "#4f46e5" };
