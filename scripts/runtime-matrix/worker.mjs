// workerd (through Miniflare): the shared example, answered as JSON from a fetch handler.
import { run } from "./example.js";

export default {
  fetch() {
    return Response.json(run());
  },
};
