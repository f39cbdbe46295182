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
    const own = component[reference.from];
    return reference.dynamic || reference.to.some((to) => component[to] === own);
  });
  for (const reference of counted) at.add(reference.via.key);
  // The places applied to the value a counted reference entered, without descending.
  const inPlace = new Uint8Array(places.length);
  const pending = counted.flatMap((reference) => reference.to);
  for (const place of pending) inPlace[place] = 1;
  while (pending.length > 0) {
    for (const [next] of places[pending.pop()!]!.same) {
      if (inPlace[next] === 0) {
        inPlace[next] = 1;
        pending.push(next);
      }
    }
  }
  return { at, byValue: counted.some((reference) => inPlace[reference.from] === 1) };
}

/** Tarjan's strongly connected components over `applied`, without recursion: each place's component number. */
function components(places: readonly { readonly applied: readonly number[] }[]): Int32Array {
  const n = places.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  let next = 0;
  let count = 0;
  // The path of the search, as places and the next edge of each (two stacks: no pair per place).
  const path: number[] = [];
  const edgeOf: number[] = [];
  for (let start = 0; start < n; start++) {
    if (index[start] !== -1) continue;
    path.push(start);
    edgeOf.push(0);
    index[start] = low[start] = next++;
    stack.push(start);
    while (path.length > 0) {
      const top = path.length - 1;
      const place = path[top]!;
      const edge = edgeOf[top]!;
      const edges = places[place]!.applied;
      if (edge < edges.length) {
        edgeOf[top] = edge + 1;
        const to = edges[edge]!;
        if (index[to] === -1) {
          index[to] = low[to] = next++;
          stack.push(to);
          path.push(to);
          edgeOf.push(0);
        } else if (component[to] === -1) low[place] = Math.min(low[place]!, index[to]!);
        continue;
      }
      path.pop();
      edgeOf.pop();
      if (path.length > 0) {
        const parent = path[path.length - 1]!;
        low[parent] = Math.min(low[parent]!, low[place]!);
      }
      if (low[place] === index[place]) {
        let member: number;
        do {
          member = stack.pop()!;
          component[member] = count;
        } while (member !== place);
        count++;
      }
    }
  }
  return component;
}
