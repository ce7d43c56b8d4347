// A partner's offered languages always include its default (contract §16): the hosted app falls back
// to default_locale, so it must be one members can also pick in the language menu.
export function withDefaultLocale(locales: readonly string[], defaultLocale: string): string[] {
  return locales.includes(defaultLocale) ? [...locales] : [...locales, defaultLocale];
}
