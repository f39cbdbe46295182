// Chromium: the shared example on a page whose Content-Security-Policy (an HTTP header) has no
// 'unsafe-eval'. The answer and the CSP violations the probes caused are posted back to the
// server that served the page.
import { run } from "./example.js";

const violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, disposition: event.disposition });
});

let answer;
try {
  answer = run();
} catch (error) {
  answer = { error: String(error?.stack ?? error) };
}
// Violation events are queued as tasks: wait for the two probes' events, or a second at most.
for (let waited = 0; violations.length < 2 && waited < 1000; waited += 20) await new Promise((done) => setTimeout(done, 20));
answer.violations = violations;
answer.userAgent = navigator.userAgent;
await fetch("/report", { method: "POST", body: JSON.stringify(answer) });
