// Where a keyword sits: what report() reads to locate and word a unit.
import { absoluteLocation } from "./report.js";
import type { Resource } from "./registry.js";
import type { Explain, Where } from "./types.js";

/**
 * A keyword's place. Its pointer is made on demand (errors only), and kept once a unit has asked
 * for it: a compiled schema keeps each schema object's pointer once, not one string per keyword.
 */
class KeywordPlace implements Where {
  readonly base: string;
  readonly baseLength: number;
  readonly identified: boolean;

  constructor(
    readonly keyword: string,
    /** The schema object's pointer; the keyword's is this plus "/" + segment (keyword names need no escaping). */
    private readonly parent: string,
    private readonly segment: string | undefined,
    resource: Resource,
    readonly data: unknown,
    readonly explain: Explain<unknown>,
  ) {
    this.base = resource.uri;
    this.baseLength = resource.ptr.length;
    this.identified = resource.uri !== "";
  }

  /**
   * Kept once made: report() slices it below a reference's path, and slicing a joined string
   * flattens it first, a new copy of the whole pointer on every unit (the flat text is kept).
   */
  get ptr(): string {
    return (this.ptrText ??= this.segment === undefined ? this.parent : this.parent + "/" + this.segment);
  }

  /** Made when a unit first needs it, then kept: a place that reports once often reports again. */
  get absolute(): string {
    return (this.absoluteText ??= absoluteLocation(this));
  }

  private ptrText: string | undefined;
  private absoluteText: string | undefined;
}

export function makeWhere<D>(keyword: string, parent: string, segment: string | undefined, resource: Resource, explain: Explain<D>, data: D): Where {
  return new KeywordPlace(keyword, parent, segment, resource, data, explain as Explain<unknown>);
}

/** A place made with its pointer and its resource's URI and root's pointer length (the explainer's, made per unit recorded). */
export class PointerPlace implements Where {
  readonly identified: boolean;

  constructor(
    readonly keyword: string,
    readonly ptr: string,
    readonly base: string,
    readonly baseLength: number,
    readonly data: unknown,
    readonly explain: Explain<unknown>,
  ) {
    this.identified = base !== "";
  }

  get absolute(): string {
    return absoluteLocation(this);
  }
}
