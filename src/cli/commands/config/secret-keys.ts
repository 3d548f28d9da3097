// What the keys typed at a hidden prompt mean, as a pure function over the raw terminal input
// (raw mode: no line editing, no signals from the terminal driver). Only printable characters
// are ever kept: arrow keys, pasted bracket markers and other escape sequences are dropped,
// so no control character can end up in a stored key.

export type SecretEnd = 'enter' | 'eof' | 'cancel';

export interface SecretState {
  value: string;
  /** Inside an escape sequence (ESC … final byte). */
  escape: 'none' | 'esc' | 'csi';
}

export function initialSecret(): SecretState {
  return { value: '', escape: 'none' };
}

/** Feeds typed characters; returns how input ended, or undefined while it goes on. */
export function typeKeys(state: SecretState, chunk: string): SecretEnd | undefined {
  for (const ch of chunk) {
    if (state.escape === 'esc') {
      // ESC [ starts a CSI sequence (arrows, bracketed paste); ESC x is a two-byte sequence.
      state.escape = ch === '[' || ch === 'O' ? 'csi' : 'none';
      continue;
    }
    if (state.escape === 'csi') {
      if (ch >= '@' && ch <= '~' && ch !== '[') state.escape = 'none';
      continue;
    }
    if (ch === '\r' || ch === '\n') return 'enter';
    if (ch === '\u0003') return 'cancel'; // Ctrl-C
    // Ctrl-D ends the input, as it does at a shell prompt.
    if (ch === '\u0004') return 'eof';
    if (ch === '\u001b') state.escape = 'esc';
    else if (ch === '\u007f' || ch === '\b') state.value = [...state.value].slice(0, -1).join('');
    else if (ch === '\u0015')
      state.value = ''; // Ctrl-U clears the line
    else if (ch >= ' ' && !/[\u0080-\u009f\u2028\u2029]/.test(ch)) state.value += ch;
  }
  return undefined;
}
