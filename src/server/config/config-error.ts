// A setting is missing or wrong. The message says what to set; launchers (npm start, the CLI) print
// it as it is and exit non-zero, without a stack trace: nothing crashed, something is to be set.
export class ConfigError extends Error {
  override name = "ConfigError";
}
