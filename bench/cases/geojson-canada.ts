// geojson.json (draft-07) against canada.json (2 MB of coordinates).
import { readData, withValueAt } from "../lib/data.js";
import { realSchema } from "../lib/real.js";
import type { BenchCase } from "../lib/types.js";

interface Canada {
  features: { geometry: { coordinates: number[][][] } }[];
}

export default {
  name: "geojson-canada",
  title: "geojson.json × canada.json (2 MB, real-world, draft-07)",
  group: "real",
  load: (ctx) => {
    const real = realSchema(ctx, "geojson.json");
    const valid = readData<Canada>(ctx, "canada.json");
    const rings = valid.features[0]!.geometry.coordinates;
    const ring = rings.length - 1;
    const point = rings[ring]!.length - 1;
    const invalid = withValueAt(valid, ["features", 0, "geometry", "coordinates", ring, point, 0], "-65.6");
    return {
      ...real,
      valid,
      invalid,
      notes: [...real.notes, "Invalid instance: canada.json with the very last coordinate turned into a string."],
    };
  },
} satisfies BenchCase;
