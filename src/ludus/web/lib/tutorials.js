// The tutorials' outline and the learner's progress: kept in the account for a signed-in player (the server's
// /api/tutorials), in this browser's localStorage for a guest (`ludus.tutorial.<game>` = {step, done}).
import { api } from "./api.js";
import { currentAccount } from "./account.js";

const key = (game) => `ludus.tutorial.${game}`;

function local(game) {
  try {
    const kept = JSON.parse(localStorage.getItem(key(game)) || "null");
    return kept && Number.isInteger(kept.step) ? { step: kept.step, done: Boolean(kept.done) } : null;
  } catch { return null; }
}

/** { list: [{game, steps, chapters: [{id, rules, first}]}], progress: {game: {step, done}} } */
export async function tutorials() {
  const answer = await api("/api/tutorials");
  const signedIn = Boolean(await currentAccount());
  const progress = {};
  for (const outline of answer.tutorials) {
    const kept = signedIn ? answer.progress?.[outline.game] : local(outline.game);
    if (kept) progress[outline.game] = kept;
  }
  return { list: answer.tutorials, progress };
}

export async function saveProgress(game, step, done = false) {
  const before = local(game);
  const kept = { step, done: done || Boolean(before?.done) };
  if (await currentAccount()) {
    try { return await api(`/api/tutorials/${game}/progress`, kept); } catch { /* kept below at least */ }
  }
  localStorage.setItem(key(game), JSON.stringify(kept));
  return kept;
}
