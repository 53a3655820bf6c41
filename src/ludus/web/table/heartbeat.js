// The connection's heartbeat. A socket whose server froze or whose network vanished often stays "open" for
// minutes (no close ever comes), so the page asks: every PING_EVERY ms a {"type": "ping"}, answered by the
// server's {"type": "pong"} (any message counts as an answer). A ping unanswered for ANSWER_WITHIN ms means
// the connection is silent: the table shows its banner and reconnects. Worst case from the first second of
// silence to the banner: a ping just answered, the next one PING_EVERY later (plus a tick), unanswered for
// ANSWER_WITHIN (plus a tick) — SHOWN_WITHIN, inside the 10 s promised to players (docs/web.md).
// Only an unanswered ping counts, never a quiet stretch: a background tab's timers may fire a minute apart.
export const PING_EVERY = 2_000;
export const ANSWER_WITHIN = 5_000;
// a new socket's first answer (the welcome, which a busy server may take a while to build, and the pong
// queued behind it) gets the time the server itself gives a hello: a loaded machine must not be taken for
// a dead one over and over, each reconnect dropping the welcome on its way
const WELCOME_WITHIN = 15_000;
const TICK = 500;
export const SHOWN_WITHIN = PING_EVERY + ANSWER_WITHIN + 2 * TICK;

// ping(): sends a ping when the socket is open (false when it is not); silent(): the connection is taken for lost
export function heartbeat({ ping, silent }) {
  let pinged = 0;  // when the last ping went out (0: none since the socket opened)
  let heard = 0;  // when the server last said anything
  let patience = WELCOME_WITHIN;
  const timer = setInterval(() => {
    const now = Date.now();
    if (pinged > heard) {
      if (now - pinged > patience) {
        pinged = 0;
        silent();
      }
      return;
    }
    if (now - pinged >= PING_EVERY && ping()) pinged = now;
  }, TICK);
  return {
    heard() { heard = Date.now(); },
    // a new socket: nothing is owed on it yet
    opened() { pinged = 0; heard = Date.now(); patience = WELCOME_WITHIN; },
    // the server has answered the hello on this socket: from now on its pongs are due within seconds
    welcomed() { patience = ANSWER_WITHIN; },
    stop() { clearInterval(timer); },
  };
}
