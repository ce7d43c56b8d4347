// Words the Directory sync card's parts share.

/** "live" / "sandbox": how the card names an environment in a sentence. */
export const envWord = (environment: "live" | "test") => (environment === "test" ? "sandbox" : "live");
