// Colour only on a terminal (or with FORCE_COLOR set, for tests and CI logs), and never when
// NO_COLOR is set to anything but "" (https://no-color.org): NO_COLOR wins over FORCE_COLOR.

export interface Paint {
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly bold: (text: string) => string;
}

const plain = (text: string) => text;
const PLAIN: Paint = { red: plain, green: plain, yellow: plain, dim: plain, bold: plain };

function sgr(open: number, close: number): (text: string) => string {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}
const ANSI: Paint = { red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39), dim: sgr(2, 22), bold: sgr(1, 22) };

/** Colours for text written to `stream`. */
export function paintFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Paint {
  const noColor = env["NO_COLOR"];
  if (noColor !== undefined && noColor !== "") return PLAIN;
  const force = env["FORCE_COLOR"];
  if (force !== undefined && force !== "" && force !== "0" && force !== "false") return ANSI;
  return stream.isTTY === true ? ANSI : PLAIN;
}
