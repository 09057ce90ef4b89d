// Removes what a terminal would interpret rather than print: escape sequences, control characters and
// bidi overrides. Server output is untrusted (it can retitle the window, hide text, fake links).

// ESC-introduced: CSI, then string sequences (OSC, DCS, SOS, PM, APC) ended by BEL or ST, then any other
// ESC + intermediates + final byte (nF/Fp/Fe/Fs). 8-bit forms: CSI (U+009B) and the C1 string starts.
// An unterminated string sequence loses only its introducer; the payload stays visible as plain text.
// The payload excludes ESC and C1, so a scan stops at the next introducer and the whole pass stays linear.
const ESCAPES = new RegExp(
  [
    String.raw`(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]`,
    String.raw`(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x80-\x9f]*(?:\x07|\x1b\\|\x9c)`,
    String.raw`\x1b[\x20-\x2f]*[\x30-\x7e]`,
  ].join("|"),
  "g",
);

// C0 except \t and \n (and \r, handled first), DEL, C1, and the bidi embedding/override/isolate controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** Any character the passes below would touch: ESC, CR and the 8-bit introducers are all among CONTROLS. */
const TOUCHED = new RegExp(CONTROLS.source);

export function stripControl(s: string): string {
  // Nearly every text is clean: one scan says so, where the three passes would each scan and copy it.
  if (!TOUCHED.test(s)) return s;
  return s.replace(ESCAPES, "").replace(/\r\n/g, "\n").replace(CONTROLS, "");
}

/** For one-line fields (names, URIs, attributes): also folds newlines and tabs into spaces. */
export function stripControlLine(s: string): string {
  return stripControl(s).replace(/[\n\t]+/g, " ");
}
