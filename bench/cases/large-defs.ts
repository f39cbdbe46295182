// A very large schema of which an instance reaches little: the Kubernetes API definitions of
// kubernetes.json as `$defs` (four copies under version prefixes, as big API specs ship several
// API versions side by side), the root a `$ref` to one Deployment. What matters here is the time
// to the first result (compile + first isValid): the gate checks every definition, but an
// instance reaches a few dozen of them.
import { readData } from "../lib/data.js";
import type { BenchCase } from "../lib/types.js";

type Obj = Record<string, unknown>;
const COPIES = ["v1", "v2", "v3", "v4"];

/** The definitions with `#/definitions/NAME` references rewritten to `#/$defs/PREFIX.NAME`. */
function rewrite(node: unknown, prefix: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, prefix));
  if (typeof node !== "object" || node === null) return node;
  const out: Obj = {};
  for (const [key, value] of Object.entries(node as Obj)) {
    out[key] = key === "$ref" && typeof value === "string" ? value.replace("#/definitions/", `#/$defs/${prefix}.`) : rewrite(value, prefix);
  }
  return out;
}

const deployment = (replicas: unknown): Obj => ({
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "web", namespace: "default", labels: { app: "web", tier: "frontend" }, annotations: { "deployment.kubernetes.io/revision": "3" } },
  spec: {
    replicas,
    selector: { matchLabels: { app: "web" } },
    strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: "25%" } },
    template: {
      metadata: { labels: { app: "web", tier: "frontend" } },
      spec: {
        containers: [
          {
            name: "web",
            image: "nginx:1.25",
            ports: [{ name: "http", containerPort: 80, protocol: "TCP" }],
            env: [{ name: "MODE", value: "production" }],
            resources: { limits: { cpu: "500m", memory: "256Mi" }, requests: { cpu: "250m", memory: "128Mi" } },
            readinessProbe: { httpGet: { path: "/healthz", port: "http" }, initialDelaySeconds: 5, periodSeconds: 10 },
            volumeMounts: [{ name: "config", mountPath: "/etc/web", readOnly: true }],
          },
        ],
        volumes: [{ name: "config", configMap: { name: "web-config" } }],
        restartPolicy: "Always",
      },
    },
  },
});

export default {
  name: "large-defs",
  title: "Kubernetes API definitions as $defs (4 × 834, 2.9 MB), root $ref to a Deployment",
  group: "large",
  load: (ctx) => {
    const { definitions } = readData<{ definitions: Obj }>(ctx, "kubernetes.json");
    const $defs: Obj = {};
    for (const prefix of COPIES) for (const [name, def] of Object.entries(definitions)) $defs[`${prefix}.${name}`] = rewrite(def, prefix);
    const schema = { $schema: "https://json-schema.org/draft/2020-12/schema", $ref: "#/$defs/v1.io.k8s.api.apps.v1.Deployment", $defs };
    return {
      schema,
      // Compiling a 2.9 MB schema for the compile and memory rows (dozens of copies per library)
      // would not fit a case's time; the first-result rows compile a new copy per operation.
      rows: ["firstResult", "firstInvalid", "valid", "invalid", "firstError", "allErrors"],
      valid: deployment(3),
      invalid: deployment("three"),
      notes: [
        `The schema is made from kubernetes.json's ${Object.keys(definitions).length} definitions, four times under prefixes v1–v4 (\`#/definitions/X\` → \`#/$defs/vN.X\`): ${(JSON.stringify(schema).length / 1e6).toFixed(1)} MB. The instances are a Deployment (\`spec.replicas\` a string in the invalid one).`,
        "The row to read is \"first result\": compile of the never-seen schema plus its first isValid, in a fresh validator.",
      ],
    };
  },
} satisfies BenchCase;
