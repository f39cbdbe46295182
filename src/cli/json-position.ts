// Where a JSON text first goes wrong: V8's messages give a position for some mistakes only
// ("Unexpected token 'x', "…" is not valid JSON" has none), so the text is scanned again.

/** The offset of the first character that makes `text` invalid JSON (its length for a premature end), or -1 when it is valid. */
export function syntaxErrorOffset(text: string): number {
  const stack: number[] = []; // 91 "[" or 123 "{" for each open container
  let i = 0;
  let value = true; // a value is expected next (otherwise: a separator or a closing bracket)
  const space = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
      i++;
    }
  };
  for (;;) {
    space();
    if (i >= text.length) return value || stack.length > 0 ? i : -1;
    const c = text.charCodeAt(i);
    if (value) {
      if (c === 91 || c === 123) {
        stack.push(c);
        i++;
        space();
        if (text.charCodeAt(i) === c + 2) {
          stack.pop();
          i++;
          value = false;
        } else if (c === 123) {
          const end = key();
          if (end !== undefined) return end;
        }
        continue;
      }
      const end = c === 34 ? string() : c === 45 || (c >= 48 && c <= 57) ? number() : literal();
      if (end !== undefined) return end;
      value = false;
      continue;
    }
    const open = stack[stack.length - 1];
    if (open === undefined) return i; // something after the document
    if (c === open + 2) {
      stack.pop();
      i++;
    } else if (c === 44) {
      i++;
      if (open === 123) {
        space();
        const end = key();
        if (end !== undefined) return end;
      } else value = true;
    } else return i;
  }

  /** A property name and its colon; afterwards a value is expected. */
  function key(): number | undefined {
    if (text.charCodeAt(i) !== 34) return i;
    const end = string();
    if (end !== undefined) return end;
    space();
    if (text.charCodeAt(i) !== 58) return i;
    i++;
    value = true;
    return undefined;
  }

  function string(): number | undefined {
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return undefined;
      }
      if (c < 32) return i;
      if (c === 92) {
        const e = text[i + 1];
        if (e === "u") {
          for (let k = 2; k < 6; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? "")) return i + k;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return i + 1;
      } else i++;
    }
    return i;
  }

  function number(): number | undefined {
    const match = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    match.lastIndex = i;
    const found = match.exec(text);
    const end = found === null ? i : i + found[0].length;
    const next = text.charCodeAt(end);
    if (found === null || found[0] === "-" || next === 46 || next === 101 || next === 69) return Math.min(end + 1, text.length);
    i = end;
    return undefined;
  }

  function literal(): number | undefined {
    for (const word of ["true", "false", "null"]) {
      if (text.charCodeAt(i) !== word.charCodeAt(0)) continue;
      for (let k = 1; k < word.length; k++) if (text[i + k] !== word[k]) return i + k;
      i += word.length;
      return undefined;
    }
    return i;
  }
}

/** 1-based line and column (in characters) of `offset` in `text`; "\n", "\r\n" and "\r" end lines. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: [...text.slice(start, offset)].length + 1 };
}
