// A finished match as one perspective knew it: its steps (who moved, the events that perspective was told)
// from GET /api/tables/<id>/replay, and the views at each step fetched in chunks of 16 from
// GET /api/tables/<id>/replay/views (the server keeps them; this keeps the ones already fetched).
import { api } from "../lib/api.js";

const CHUNK = 16;

export async function loadSteps(tableId, seat) {
  const query = seat === null || seat === undefined ? "" : `?seat=${encodeURIComponent(seat)}`;
  return api(`/api/tables/${encodeURIComponent(tableId)}/replay${query}`);
}

export function viewCache(tableId, seat, moves) {
  const chunks = new Map();  // chunk number → Promise of the views of its steps

  function chunk(number) {
    if (!chunks.has(number)) {
      const from = number * CHUNK;
      const path = `/api/tables/${encodeURIComponent(tableId)}/replay/views?seat=${encodeURIComponent(seat)}&from=${from}&count=${CHUNK}`;
      const request = api(path).then((answer) => answer.views);
      request.catch(() => chunks.delete(number));  // a failed fetch is tried again next time
      chunks.set(number, request);
    }
    return chunks.get(number);
  }

  return {
    // the view (or, for "all", the panels) at step n; the next chunk is fetched ahead meanwhile
    async at(n) {
      const number = Math.floor(n / CHUNK);
      if ((number + 1) * CHUNK <= moves) chunk(number + 1);
      const views = await chunk(number);
      return views[n - number * CHUNK];
    },
  };
}

// The events of steps 1 … n as the table page keeps them ({seq, event}), for the renderers' own logs. One
// step forward appends to the same list (a renderer may animate what is new, as at the table); any other
// jump makes a new list (a renderer shows where things are, as after a reload).
export function eventLog(steps) {
  let log = [];
  let at = 0;
  return function logAt(n) {
    if (n === at + 1) {
      for (const event of steps[n - 1].events) log.push({ seq: n, event });
    } else if (n !== at) {
      log = [];
      for (const step of steps.slice(0, n)) for (const event of step.events) log.push({ seq: step.n, event });
    }
    at = n;
    return log;
  };
}
