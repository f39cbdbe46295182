// One object with 500 properties of mixed types.
import type { BenchCase } from "../lib/types.js";

type Obj = Record<string, unknown>;
const COUNT = 500;
const key = (i: number): string => `field_${String(i).padStart(3, "0")}`;

function propertySchema(i: number): Obj {
  switch (i % 6) {
    case 0: return { type: "string", maxLength: 100 };
    case 1: return { type: "integer", minimum: 0 };
    case 2: return { type: "number", maximum: 1e6 };
    case 3: return { type: "boolean" };
    case 4: return { enum: ["red", "green", "blue"] };
    default: return { type: "array", items: { type: "string" }, maxItems: 5 };
  }
}
function propertyValue(i: number): unknown {
  switch (i % 6) {
    case 0: return `value ${i}`;
    case 1: return i;
    case 2: return i / 7;
    case 3: return i % 2 === 0;
    case 4: return ["red", "green", "blue"][i % 3];
    default: return ["a", "b"];
  }
}

export default {
  name: "wide-500",
  title: "One object with 500 properties (every 5th required), additionalProperties: false",
  group: "wide",
  load: () => {
    const properties: Obj = {};
    const valid: Obj = {};
    for (let i = 0; i < COUNT; i++) {
      properties[key(i)] = propertySchema(i);
      valid[key(i)] = propertyValue(i);
    }
    const required = Array.from({ length: COUNT / 5 }, (_, i) => key(i * 5));
    // The last property gets the wrong type and one unknown property is added at the end.
    const invalid: Obj = { ...valid, [key(COUNT - 1)]: 42, unknown_field: true };
    return {
      schema: { type: "object", properties, required, additionalProperties: false },
      valid,
      invalid,
      notes: ["The invalid instance breaks the last property (wrong type) and adds one unknown property at the end."],
    };
  },
} satisfies BenchCase;
