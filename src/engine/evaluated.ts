// Annotations that unevaluatedProperties/unevaluatedItems read: which properties and items of the
// current instance were evaluated by successful subschemas. Exists only in nodes that feed them.
import type { Check } from "./types.js";

export class Evaluated {
  /** Every property was evaluated (additionalProperties, unevaluatedProperties). */
  allProps = false;
  /** Names evaluated so far: an array while short (cheap to make; a tracker lives for one node), then a Set. */
  props: string[] | Set<string> | undefined = undefined;
  /** Every item was evaluated (items, unevaluatedItems). */
  allItems = false;
  /** Items [0, prefix) were evaluated (prefixItems). */
  prefix = 0;
  /** Items matched by contains. */
  indexes: Set<number> | undefined = undefined;

  addProp(name: string): void {
    const props = this.props;
    if (props === undefined) this.props = [name];
    else if (Array.isArray(props)) {
      if (props.length < 16) props.push(name);
      else this.props = new Set(props).add(name);
    } else props.add(name);
  }

  addIndex(index: number): void {
    (this.indexes ??= new Set()).add(index);
  }

  hasProp(name: string): boolean {
    const props = this.props;
    return this.allProps || (props !== undefined && (Array.isArray(props) ? props.includes(name) : props.has(name)));
  }

  hasItem(index: number): boolean {
    return this.allItems || index < this.prefix || (this.indexes !== undefined && this.indexes.has(index));
  }

  merge(other: Evaluated): void {
    if (other.allProps) this.allProps = true;
    else if (other.props !== undefined && !this.allProps) for (const p of other.props) this.addProp(p);
    if (other.allItems) this.allItems = true;
    else if (!this.allItems) {
      if (other.prefix > this.prefix) this.prefix = other.prefix;
      if (other.indexes !== undefined) for (const i of other.indexes) this.addIndex(i);
    }
  }
}

/**
 * Runs `check` with its own tracker and merges what it evaluated into the current one only on
 * success: annotations of failed subschemas are dropped. Wraps anyOf/oneOf/if branches, and every
 * node that owns unevaluated* (its keywords share one fresh tracker).
 */
export function branch(check: Check): Check {
  return (instance, state, at) => {
    const outer = state.ev;
    const own = new Evaluated();
    state.ev = own;
    const ok = check(instance, state, at);
    state.ev = outer;
    if (ok && outer !== undefined) outer.merge(own);
    return ok;
  };
}

/** Runs `check` on a different instance (or dropping annotations): no tracker is visible to it. */
export function untracked(check: Check): Check {
  return (instance, state, at) => {
    const outer = state.ev;
    if (outer === undefined) return check(instance, state, at);
    state.ev = undefined;
    const ok = check(instance, state, at);
    state.ev = outer;
    return ok;
  };
}

