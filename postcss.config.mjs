// Tailwind CSS 4 through PostCSS (Next.js picks this file up).
export default { plugins: { "@tailwindcss/postcss": {} } };
