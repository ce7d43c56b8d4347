// One register per language (issue 53.4): a member never reads "Du kannst 43 Angebote einlösen" beside
// "Upgraden Sie Ihre Mitgliedschaft" on one screen. Each catalogue addresses the member one way only:
//
//   de     Sie   (formal; the catalogue's majority: 129 messages against 4 when this test was written)
//   fr     vous  (normal for a product)
//   es     tú    (informal, as every existing Spanish message)
//   pt-BR  você
//   en, ar — no register to keep (English "you"; Arabic addresses the reader one way already)
//
// The rule: a message fails when it contains a word of the OTHER register. Only words that cannot be
// anything but that form of address are listed, so that ordinary words do not trip it:
//   de: du, dich, dir, dein…, euch, euer, eure… in any case ("Du" starts a sentence), and the informal
//       imperatives of the verbs the catalogue uses ("Geh zurück", "wähle", "öffne", "versuch(e)"…), which
//       carry no pronoun (the formal ones always do: "Gehen Sie"). The formal words are
//       not a test for the informal register's sake: lowercase "sie"/"ihr" also mean "they"/"her", so
//       only the informal side can be matched without false positives.
//   fr: tu, toi, ton, ta, tes, te and the elided t’ before a letter ("t’envoyer"); "ta"/"te" are only
//       pronouns or possessives in French.
//   es: usted, ustedes (su/sus also mean "their", so they are not counted).
//   pt-BR: tu, teu, tua, teus, tuas, contigo, vós, "o senhor", "a senhora" ("te" is everyday Brazilian
//       Portuguese beside você, so it is allowed).
// ICU arguments and tags ({partner}, <reload>) are removed before matching.
import { describe, expect, it } from "vitest";
import de from "../../messages/de.json";
import es from "../../messages/es.json";
import fr from "../../messages/fr.json";
import ptBR from "../../messages/pt-BR.json";

type Catalogue = { [key: string]: string | Catalogue };

const OTHER_REGISTER: { locale: string; register: string; messages: Catalogue; other: RegExp }[] = [
  { locale: "de", register: "Sie", messages: de, other: /(?<![\p{L}])(du|dich|dir|dein\p{L}*|euch|euer|eur(e|er|em|en|es)|geh|komm|wähle|öffne|versuche?|melde|gib|schau|lade|prüfe?|warte|tippe|nutze|sieh|schreib|schick|ergänze|kannst|bist|hast|musst|willst|darfst|wirst)(?![\p{L}])/iu },
  { locale: "fr", register: "vous", messages: fr, other: /(?<![\p{L}])(tu|toi|ton|ta|tes|te)(?![\p{L}’'])|(?<![\p{L}])t[’'](?=\p{L})/iu },
  { locale: "es", register: "tú", messages: es, other: /(?<![\p{L}])(usted|ustedes)(?![\p{L}])/iu },
  { locale: "pt-BR", register: "você", messages: ptBR, other: /(?<![\p{L}])(tu|teu|tua|teus|tuas|contigo|vós|o senhor|a senhora)(?![\p{L}])/iu },
];

function* entries(c: Catalogue, prefix = ""): Generator<[string, string]> {
  for (const [k, v] of Object.entries(c)) {
    if (typeof v === "string") yield [`${prefix}${k}`, v];
    else yield* entries(v, `${prefix}${k}.`);
  }
}

/** The words a member reads: ICU arguments ({partner}), plural/select syntax and tags left out. */
function readableText(message: string): string {
  return message
    .replace(/\{\s*\w+\s*,\s*(plural|select|selectordinal)\s*,/g, " ")
    .replace(/\b(=\d+|zero|one|two|few|many|other)\s*\{/g, " ")
    .replace(/\{\s*\w+\s*\}/g, " ")
    .replace(/<\/?\w+>/g, " ")
    .replace(/[{}#]/g, " ");
}

describe("one register per language", () => {
  it.each(OTHER_REGISTER)("$locale addresses the member as $register in every message", ({ messages, other }) => {
    const mixed = [...entries(messages)].filter(([, text]) => other.test(readableText(text))).map(([key, text]) => `${key}: ${text}`);
    expect(mixed).toEqual([]);
  });

  it("the rule catches the other register and leaves look-alikes alone", () => {
    const [deRule, frRule, esRule, ptRule] = OTHER_REGISTER.map((r) => r.other);
    expect(deRule.test(readableText("{count, plural, one {Du kannst # Angebot einlösen} other {Du kannst # Angebote einlösen}}"))).toBe(true);
    expect(deRule.test("Für dich")).toBe(true);
    expect(deRule.test("Geh dorthin zurück und wähle die Anmeldeschaltfläche erneut.")).toBe(true);
    expect(deRule.test("Gehen Sie dorthin zurück und wählen Sie die Schaltfläche erneut.")).toBe(false);
    expect(deRule.test("Upgraden Sie Ihre Mitgliedschaft, um sie freizuschalten.")).toBe(false);
    expect(deRule.test("Durchsuchen Sie die Angebote; Dirigenten und Duschen zählen nicht.")).toBe(false);
    expect(frRule.test("Nous allons t’envoyer un lien")).toBe(true);
    expect(frRule.test("Ton code")).toBe(true);
    expect(frRule.test("Votre code est prêt ; la tâche attend.")).toBe(false);
    expect(esRule.test("Usted puede canjear")).toBe(true);
    expect(esRule.test("Puede que la dirección esté mal escrita. Usa el enlace de su organización.")).toBe(false);
    expect(ptRule.test("Teu código")).toBe(true);
    expect(ptRule.test("Seu código: vamos te avisar.")).toBe(false);
  });
});
