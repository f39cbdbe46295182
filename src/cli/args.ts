// A small command-line parser: flags, options with a fixed set of values, positionals, and "--".

/** Bad usage: reported with the command's usage line, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export interface ArgSpec {
  /** Options without a value: "--json", "--help". */
  readonly flags?: readonly string[];
  /** Options with a value; an array lists the values allowed, null allows any. */
  readonly options?: Readonly<Record<string, readonly string[] | null>>;
  /** Options that may be given more than once: every value is kept in `lists`, in order. */
  readonly repeatable?: readonly string[];
  /** Short spellings: { "-h": "--help", "-o": "--output" }. */
  readonly aliases?: Readonly<Record<string, string>>;
}

export interface ParsedArgs {
  readonly positionals: string[];
  readonly flags: Set<string>;
  readonly options: Map<string, string>;
  /** Every value of a repeatable option, in order. */
  readonly lists: Map<string, string[]>;
}

/** Parses `args` against `spec`; throws UsageError on an unknown option or a bad value. */
export function parseArgs(args: readonly string[], spec: ArgSpec): ParsedArgs {
  const flags = new Set<string>();
  const options = new Map<string, string>();
  const positionals: string[] = [];
  const lists = new Map<string, string[]>();
  const known = spec.options ?? {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const written = eq < 0 ? arg : arg.slice(0, eq);
    const name = spec.aliases?.[written] ?? written;
    if (spec.flags?.includes(name)) {
      if (eq >= 0) throw new UsageError(`${name} takes no value`);
      flags.add(name);
      continue;
    }
    if (!Object.hasOwn(known, name)) throw new UsageError(`unknown option ${written}`);
    const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined) throw new UsageError(`${name} needs a value`);
    const allowed = known[name];
    if (allowed && !allowed.includes(value)) throw new UsageError(`${name} must be ${allowed.join(", ").replace(/, ([^,]*)$/, " or $1")}, not "${value}"`);
    if (spec.repeatable?.includes(name)) lists.set(name, [...(lists.get(name) ?? []), value]);
    options.set(name, value);
  }
  return { positionals, flags, options, lists };
}
