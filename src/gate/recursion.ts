// Which references can lead back to the schema that holds them. Data can only be evaluated deeper
// than the schema is nested by going round such a reference, so evaluation counts the values it
// enters through them (engine/depth.ts) and stops at compile's `maxDataDepth`: a limit that
// holds the same whatever the process has run before, unlike the stack.
import type { SchemaGraph } from "./schema-graph.js";

export interface Recursion {
  /**
   * The keys (`doc.id:pointer`) of the references that lie on a cycle of applied subschemas: the
   * place holding one and a place it lands on are in one strongly connected component. A dynamic
   * reference counts always: where it lands depends on the scope.
   */
  readonly at: ReadonlySet<string>;
  /**
   * Some counted reference can be reached from a counted one's landing without descending into
   * the data (allOf of two recursive references, say): counting must then tell a value entered
   * again from a deeper one. Otherwise every counted crossing enters a deeper value.
   */
  readonly byValue: boolean;
}

export function recursion({ places, references }: SchemaGraph): Recursion {
  const component = components(places);
  const at = new Set<string>();
  const counted = references.filter((reference) => {
    const own = component.get(reference.from);
    return reference.dynamic || reference.to.some((to) => component.get(to) === own);
  });
  for (const reference of counted) at.add(reference.key);
  // The places applied to the value a counted reference entered, without descending.
  const inPlace = new Set(counted.flatMap((reference) => reference.to));
  const pending = [...inPlace];
  while (pending.length > 0) {
    for (const [next] of places.get(pending.pop()!)?.same ?? []) {
      if (!inPlace.has(next)) {
        inPlace.add(next);
        pending.push(next);
      }
    }
  }
  return { at, byValue: counted.some((reference) => inPlace.has(reference.from)) };
}

/** Tarjan's strongly connected components over `applied`, without recursion: place → component number. */
function components(places: ReadonlyMap<string, { readonly applied: readonly string[] }>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  let count = 0;
  for (const start of places.keys()) {
    if (index.has(start)) continue;
    const path: [place: string, edge: number][] = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    while (path.length > 0) {
      const top = path[path.length - 1]!;
      const [place, edge] = top;
      const edges = places.get(place)?.applied ?? [];
      if (edge < edges.length) {
        top[1]++;
        const to = edges[edge]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          path.push([to, 0]);
        } else if (!component.has(to)) low.set(place, Math.min(low.get(place)!, index.get(to)!));
        continue;
      }
      path.pop();
      if (path.length > 0) {
        const parent = path[path.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(place)!));
      }
      if (low.get(place) === index.get(place)) {
        let member: string;
        do {
          member = stack.pop()!;
          component.set(member, count);
        } while (member !== place);
        count++;
      }
    }
  }
  return component;
}
