// A game's tutorial (/learn/<game>?chapter=<id>): a scripted real game, drawn by the game's own renderer, with a
// highlight on what each step talks about and a short text (what to do, why it matters). Every click goes to
// the server, which judges it with the engine (api/tutorials.py): the step's move moves on; a move the rules
// refuse is answered with the engine's refusal in words; another legal move with the move this step asks for.
// Progress is kept (lib/tutorials.js): leaving and coming back resumes at the same step.
import { api } from "./lib/api.js";
import { el, toast } from "./lib/dom.js";
import { errorText, gameName, has, t } from "./lib/i18n.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { saveProgress, tutorials } from "./lib/tutorials.js";

export function renderTutorial(root, game) {
  pageLoading("tutorial");
  const state = { game, seq: 0, seat: null, status: "running", view: null, decisions: [], seatsInfo: [], outcome: null,
    log: [], connected: true, synced: true, inflight: null, pending: false };
  let outline = null;  // {steps, chapters, clickable}
  let step = null;  // the server's step payload
  let renderer = null;
  let message = null;  // {kind: "refused"|"other", text}
  let finished = false;
  let closed = false;
  let clicked = null;  // when the learner's click was sent (performance.now), until the page has reacted

  const shell = el("div", { class: "tutorial-page" });
  const header = el("section", { class: "tutorial-bar" });
  const board = el("section", { class: "board", id: "board" });
  const coach = el("aside", { class: "tutorial-coach", id: "tutorial-coach", "aria-live": "polite" });
  const scores = el("div", { class: "tutorial-scores" });
  shell.append(header, scores, board, coach);
  root.append(shell);

  const playerName = (seat) => (Number(seat) === state.seat ? t("tutorial.ui.you") : t("web.bot_name", { seat: Number(seat) + 1 }));
  const ctx = { t, playerName, state, gameName, send, raw: () => false, drawn: () => decorate() };

  function choiceWords(choice) {
    const decision = state.decisions[0];
    if (choice === null || choice === undefined || !decision) return "";
    return renderer?.optionWords ? renderer.optionWords(state.view, decision, choice, ctx) : String(choice);
  }

  async function send(choice) {
    if (!step || state.pending) return false;
    clicked = performance.now();
    state.pending = true;
    let verdict = null;
    try {
      verdict = await api(`/api/tutorials/${game}/steps/${step.step}`, { choice });
    } catch (error) {
      toast(errorText(error.code, error.message));
    }
    state.pending = false;
    if (verdict?.result === "ok") {
      pageLoading("tutorial");
      await arrive(verdict.next);
      return true;
    }
    if (verdict) {
      const reason = verdict.result === "other"
        ? t("tutorial.ui.refused.other", { choice: choiceWords(verdict.expected) })
        : has(`tutorial.ui.refused.${verdict.code}`) ? t(`tutorial.ui.refused.${verdict.code}`) : errorText(verdict.code, verdict.detail);
      const asked = verdict.result === "illegal" ? ` ${t("tutorial.ui.asked", { choice: choiceWords(verdict.expected) })}` : "";
      message = { kind: verdict.result, text: t("tutorial.ui.refused", { reason }) + asked, code: verdict.code || "" };
    }
    draw();
    return false;
  }

  async function show(index) {
    pageLoading("tutorial");
    clicked = null;
    await arrive(await api(`/api/tutorials/${game}/steps/${index}`));
  }

  async function arrive(answer) {
    if (closed) return;
    const index = answer.step;
    // the next step's events go on the same log, as a table's updates do: a renderer that replays what is new
    // (the Floors monster's walk after the learner's last move of a round) shows it; a jump starts a new log
    const onward = step && answer.step === step.step + 1 && answer.events.length >= state.log.length;
    const log = onward ? state.log : [];
    for (let seq = log.length; seq < answer.events.length; seq++) log.push({ seq, event: answer.events[seq] });
    step = answer;
    message = null;
    Object.assign(state, { seat: answer.seat, view: answer.view, decisions: answer.decisions, outcome: answer.outcome,
      status: answer.outcome ? "over" : "running",
      seatsInfo: Array.from({ length: answer.players }, (_, seat) => ({ seat, taken: true, bot: seat !== answer.seat })),
      log, seq: answer.events.length });
    if (!renderer) renderer = await import(`/web/games/${game}.js`);
    saveProgress(game, index);
    draw();
  }

  function chapterTitle(id) {
    return t(`tutorial.${game}.chapter.${id}`);
  }

  function drawHeader() {
    const current = step?.chapter;
    header.replaceChildren(...[
      el("h1", {}, t("tutorial.ui.title", { game: gameName(game) })),
      step ? el("p", { class: "muted", id: "tutorial-progress" }, t("tutorial.ui.step", { n: step.step + 1, total: step.steps })) : null,
      outline ? el("nav", { class: "tutorial-chapters", "aria-label": t("tutorial.ui.chapters") }, outline.chapters.map((chapter) =>
        el("a", { href: `/learn/${game}?chapter=${chapter.id}`, class: chapter.id === current ? "chapter active" : "chapter",
          "data-chapter": chapter.id, onclick: (event) => { event.preventDefault(); show(chapter.first); } },
        chapterTitle(chapter.id)))) : null].filter(Boolean));
  }

  function drawCoach() {
    if (!step) return;
    const params = { choice: choiceWords(step.expected) };
    const last = step.expected === null;
    coach.dataset.step = String(step.step);
    coach.replaceChildren(...[
      el("p", { class: "coach-chapter" }, el("strong", {}, chapterTitle(step.chapter)), " · ",
        el("a", { href: `/rules/${game}#rules-${step.rules}`, "data-link": true, class: "rulebook-link", id: "tutorial-rulebook" },
          t("tutorial.ui.rulebook"))),
      el("p", { class: "coach-text", id: "tutorial-text" }, t(`tutorial.${step.text}`, params)),
      el("p", { class: "coach-why" }, el("strong", {}, t("tutorial.ui.why"), ": "), t(`tutorial.${step.why}`, params)),
      message ? el("p", { class: `coach-refused ${message.kind}`, id: "tutorial-refused", role: "alert", "data-result": message.kind,
        "data-code": message.code }, message.text) : null,
      last ? el("div", { class: "coach-actions" },
        finished ? [el("p", { id: "tutorial-finished" }, t("tutorial.ui.finished")),
          el("a", { href: "/", "data-link": true, class: "button primary" }, t("tutorial.ui.play_real"))]
          : el("button", { type: "button", class: "primary", id: "tutorial-finish", onclick: finish }, t("tutorial.ui.finish"))) : null,
      el("button", { type: "button", class: "quiet", id: "tutorial-restart", onclick: () => show(0) }, t("tutorial.ui.restart")),
    ].filter(Boolean));  // replaceChildren would write a null as text
  }

  async function finish() {
    await saveProgress(game, step.step, true);
    finished = true;
    draw();
  }

  // the step's highlight: what it talks about, and the one thing it asks to click
  function decorate() {
    if (!step || !state.view) return;
    for (const old of board.querySelectorAll(".tutorial-spot, .tutorial-target")) old.classList.remove("tutorial-spot", "tutorial-target");
    for (const selector of step.points) {
      for (const node of shell.querySelectorAll(selector)) node.classList.add("tutorial-spot");
    }
    if (step.expected !== null) {
      const wanted = JSON.stringify(step.expected);
      for (const node of board.querySelectorAll("[data-choice]")) {
        if (node.getAttribute("data-choice") === wanted) node.classList.add("tutorial-target");
      }
      // a choice made of parts picked one by one (Shadows' clue cards, then Give): the parts still to pick
      const parts = Array.isArray(step.expected) ? step.expected.map((part) => JSON.stringify(part)) : [];
      for (const node of parts.length ? board.querySelectorAll("[data-choice-part]") : []) {
        if (parts.includes(node.getAttribute("data-choice-part")) && node.getAttribute("aria-pressed") !== "true") {
          node.classList.add("tutorial-target");
        }
      }
    }
    const root = document.documentElement;
    root.dataset.tutorialStep = String(step.step);
    if (clicked !== null) {  // the page's time to react to a click: sent, judged, the next step drawn (tests print it)
      root.dataset.reacted = String(Math.round(performance.now() - clicked));
      clicked = null;
    }
    pageReady("tutorial");
  }

  function draw() {
    drawHeader();
    drawCoach();
    if (!step || !renderer) return;
    const ending = state.outcome && renderer.ending ? renderer.ending(state, ctx) : null;
    scores.replaceChildren(...(ending ? [el("h2", {}, ending.headline), ending.details] : []));
    const complete = renderer.render(board, state, ctx);
    if (complete !== false) decorate();
  }

  // a board piece the question does not offer (a building, a pawn): sent all the same, so the engine says why not
  board.addEventListener("click", (event) => {
    if (!step || step.expected === null || event.target.closest?.("[data-choice]")) return;
    for (const entry of step.clickable) {
      const [name, type] = entry.split(":");  // "data-space:number": the attribute holds a number choice
      const piece = event.target.closest?.(`[${name}]`);
      if (!piece) continue;
      event.stopPropagation();
      const value = piece.getAttribute(name);
      send(type === "number" ? Number(value) : value);
      return;
    }
  }, true);

  async function start() {
    try {
      const learn = await tutorials();
      outline = learn.list.find((item) => item.game === game) || null;
      if (!outline) {
        board.replaceChildren(el("p", { class: "muted" }, t("tutorial.ui.none")));
        pageReady("tutorial");
        return;
      }
      const wanted = new URLSearchParams(location.search).get("chapter");
      const chapter = outline.chapters.find((c) => c.id === wanted);
      const kept = learn.progress[game];
      finished = false;
      await show(chapter ? chapter.first : kept && kept.step < outline.steps ? kept.step : 0);
    } catch (error) {
      toast(errorText(error.code, error.message));
      pageReady("tutorial");
    }
  }

  start();
  return { render: draw, destroy() { closed = true; } };
}
