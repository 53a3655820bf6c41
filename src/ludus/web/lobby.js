// The lobby: start a table (game, seats, bots, options), see where to play (lobby/tables.js) and who is online.
import { api } from "./lib/api.js";
import { el, toast } from "./lib/dom.js";
import { errorText, gameName, t } from "./lib/i18n.js";
import { navigate } from "./lib/nav.js";
import { pageLoading, pageReady } from "./lib/ready.js";
import { rememberName, rememberedName, seats } from "./lib/seats.js";
import { tutorials } from "./lib/tutorials.js";
import { aidField } from "./lobby/aid.js";
import { editionField } from "./lobby/edition.js";
import { learnSection } from "./lobby/learn.js";
import { presetField } from "./lobby/presets.js";
import { playsCoop, reseat, seatingOption, seatingProblem, standardSeating } from "./lobby/seating.js";
import { tableSections } from "./lobby/tables.js";
import { termsBody, termsField } from "./lobby/terms.js";

const LEVELS = ["random", "easy", "medium", "hard"];

export function renderLobby(root) {
  pageLoading("lobby");
  let games = [];
  let tables = [];
  let online = null;
  let learn = null;  // the tutorials and how far this learner got (lib/tutorials.js)
  const view = { filter: "" };  // the game shown among the running tables ("" = all)
  const form = { game: "rose", players: 4, seatKinds: [], options: {}, humanBots: true, seating: null, seatingFor: "" };
  let timer = null;

  async function load() {
    try {
      if (!games.length) games = (await api("/api/games")).games;
      learn = await tutorials().catch(() => null);
      ({ tables, online } = await listTables());
    } catch (error) {
      toast(errorText(error.code, error.message));
    }
    render();
    pageReady("lobby");
  }

  // the browser's own random id, so the server counts this visitor online once (no account needed)
  function visitor() {
    let id = localStorage.getItem("ludus.visitor");
    if (!id || !/^[\w-]{8,32}$/.test(id)) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => (b % 36).toString(36)).join("");
      localStorage.setItem("ludus.visitor", id);
    }
    return id;
  }

  async function listTables() {
    const answer = await api(`/api/tables?visitor=${visitor()}`);
    return { tables: answer.tables, online: answer.online };
  }

  function gameInfo() {
    return games.find((game) => game.id === form.game) || games[0];
  }

  function seatKinds(info) {
    const kinds = form.seatKinds.slice(0, form.players);
    while (kinds.length < form.players) kinds.push(kinds.length === 0 ? "human" : "easy");
    kinds[0] = "human";
    form.seatKinds = kinds;
    return kinds;
  }

  // Every option in words: its label, the words of each choice and a one-line help, all from the catalogs
  // (web.option.<game>.<name>, .help, .<choice>). Options that are data rather than a choice (a components
  // edition, a picture seed, the Shadows seating chosen in the seat list) are not shown here.
  function optionField(option) {
    if (option.name === "seating" || option.name === "aid") return null;  // seats and the aid have fields of their own
    const id = `opt-${option.name}`;
    const key = `web.option.${form.game}.${option.name}`;
    const value = form.options[option.name] ?? option.default;
    let input;
    if (option.choices?.length === 1) {
      input = el("span", { id, class: "fixed-choice" }, t(`${key}.${option.choices[0]}`));
    } else if (option.choices) {
      input = el("select", { id, "aria-describedby": `${id}-help`,
        onchange: (e) => { form.options[option.name] = option.choices[e.target.selectedIndex]; render(); } },
      option.choices.map((choice) => el("option", { value: String(choice), selected: choice === value }, t(`${key}.${choice}`))));
    } else if (typeof option.default === "boolean") {
      input = el("input", { id, type: "checkbox", checked: value, "aria-describedby": `${id}-help`,
        onchange: (e) => { form.options[option.name] = e.target.checked; } });
    } else if (typeof option.default === "number") {
      input = el("input", { id, type: "number", value, min: 0, "aria-describedby": `${id}-help`,
        onchange: (e) => { form.options[option.name] = Number(e.target.value); } });
    } else {
      return null;
    }
    return el("div", { class: "field option", "data-option": option.name },
      el("div", { class: "option-row" }, el("label", { for: id }, t(key)), input),
      el("p", { class: "option-help", id: `${id}-help` }, t(`${key}.help`)));
  }

  // Shadows: the seat list says each seat's team and role, and the creator may change them
  function shadowsSeating() {
    if (form.game !== "shadows") return null;
    const coop = playsCoop(form.players, form.options.coop);
    const shape = `${form.players}:${coop}`;
    if (form.seatingFor !== shape) {
      form.seating = standardSeating(form.players, coop);
      form.seatingFor = shape;
    }
    return { coop, seating: form.seating };
  }

  function roleSelect(seat, plan) {
    const here = plan.seating[seat];
    const teams = plan.coop ? ["black"] : ["black", "orange"];
    const choices = teams.flatMap((team) => ["officer", "detective"].map((role) => ({ team, role })));
    const words = ({ team, role }) => (plan.coop ? t(`shadows.role.${role}`) : `${t(`shadows.team.${team}`)} · ${t(`shadows.role.${role}`)}`);
    return el("select", { class: `seat-role team-${here.team}`, "data-role-seat": seat, "aria-label": t("web.lobby.seating.role", { seat: seat + 1 }),
      onchange: (e) => {
        const { team, role } = choices[e.target.selectedIndex];
        form.seating = reseat(form.seating, seat, team, role);
        render();
      } },
    choices.map((choice) => el("option", { value: `${choice.team}-${choice.role}`,
      selected: choice.team === here.team && (choice.role === "officer") === here.officer }, words(choice))));
  }

  function createForm() {
    const info = gameInfo();
    if (!info) return el("p", {}, t("web.lobby.no_games"));
    form.players = Math.min(Math.max(form.players, info.players[0]), info.players[1]);
    const kinds = seatKinds(info);
    const name = el("input", { id: "create-name", autocomplete: "nickname", maxlength: 32, value: form.name ?? rememberedName(),
      placeholder: t("web.lobby.name_placeholder"), required: true, oninput: (e) => { form.name = e.target.value; } });
    const playerCounts = [];
    for (let n = info.players[0]; n <= info.players[1]; n += 1) playerCounts.push(n);
    const plan = shadowsSeating();
    const seatRows = kinds.map((kind, seat) => el("div", { class: "seat-row", "data-seat-row": seat },
      el("span", { class: "seat-label" }, t("web.seat", { seat: seat + 1 })),
      seat === 0 ? el("span", { class: "badge you" }, t("web.lobby.you")) :
        el("select", { "aria-label": t("web.seat", { seat: seat + 1 }), "data-seat": seat,
          onchange: (e) => { form.seatKinds[seat] = e.target.value; } },
          el("option", { value: "human", selected: kind === "human" }, t("web.lobby.human")),
          LEVELS.map((level) => el("option", { value: level, selected: kind === level }, t(`web.level.${level}`)))),
      plan ? roleSelect(seat, plan) : null));
    const problem = plan ? seatingProblem(plan.seating, plan.coop) : null;
    const options = info.options.map(optionField).filter(Boolean);
    async function submit(event) {
      event.preventDefault();
      const chosen = name.value.trim();
      if (!chosen) { name.focus(); return; }
      if (problem) { toast(t(problem)); return; }
      rememberName(chosen);
      // the seating is sent only when the creator changed it: the standard one is the server's default
      // (no option), and a table whose options are all defaults can be rated
      const chosenSeating = plan && seatingOption(plan.seating, plan.coop);
      const usual = plan && seatingOption(standardSeating(form.players, plan.coop), plan.coop);
      const options = plan && JSON.stringify(chosenSeating) !== JSON.stringify(usual)
        ? { ...form.options, seating: chosenSeating } : form.options;
      try {
        const created = await api("/api/tables", {
          game: form.game, players: form.players, name: chosen, options,
          bots: form.seatKinds.map((kind) => (kind === "human" ? null : kind)),
          bot_delay: form.humanBots ? 0.8 : 0, ...termsBody(form),
        });
        seats.set(created.table.id, { token: created.token, seat: created.seat });
        navigate(created.invite);
      } catch (error) {
        toast(errorText(error.code, error.message));
      }
    }
    return el("form", { class: "card create", onsubmit: submit },
      el("h2", {}, t("web.lobby.new_table")),
      el("div", { class: "field" }, el("label", { for: "create-game" }, t("web.lobby.game")),
        el("select", { id: "create-game", onchange: (e) => { form.game = e.target.value; form.options = {}; render(); } },
          games.map((game) => el("option", { value: game.id, selected: game.id === form.game }, gameName(game.id))))),
      el("div", { class: "field" }, el("label", { for: "create-players" }, t("web.lobby.players")),
        el("select", { id: "create-players", onchange: (e) => { form.players = Number(e.target.value); render(); } },
          playerCounts.map((n) => el("option", { value: n, selected: n === form.players }, String(n))))),
      el("div", { class: "field" }, el("label", { for: "create-name" }, t("web.lobby.your_name")), name),
      el("fieldset", { class: `seats${plan ? " with-roles" : ""}` }, el("legend", {}, t("web.lobby.seats")), seatRows,
        plan ? el("p", { class: "option-help" }, t(plan.coop ? "web.lobby.seating.help_coop" : "web.lobby.seating.help")) : null,
        problem ? el("p", { class: "seating-problem", role: "alert" }, t(problem)) : null),
      el("label", { class: "check" }, el("input", { type: "checkbox", checked: form.humanBots,
        onchange: (e) => { form.humanBots = e.target.checked; } }), t("web.lobby.bot_delay")),
      termsField(info, form),
      aidField(info, form, render),
      presetField(info, form, render),
      options.length ? el("details", { class: "options lobby-options" }, el("summary", {}, t("web.lobby.options")), options) : null,
      editionField(info, form),
      el("button", { class: "primary", type: "submit", id: "create-table" }, t("web.lobby.create")));
  }

  function tableList() {
    return tableSections(tables, games, view, (game) => { view.filter = game; refreshTables(); });
  }

  function onlineCount() {
    return el("p", { id: "online-count", class: "online", "data-online": online ?? "" },
      online === null ? "" : t("web.lobby.online", { count: online }));
  }

  function refreshTables() {
    root.querySelector(".lobby-tables")?.replaceWith(tableList());
    root.querySelector("#online-count")?.replaceWith(onlineCount());
  }

  function render() {
    root.replaceChildren(el("div", { class: "lobby" },
      el("section", { class: "intro" }, el("h1", {}, t("web.lobby.title")), el("p", {}, t("web.lobby.intro")), onlineCount()),
      learnSection(learn), createForm(), tableList()));
  }

  load();
  timer = setInterval(async () => {
    try { ({ tables, online } = await listTables()); } catch { return; }
    refreshTables();
  }, 4000);
  return { render, destroy() { clearInterval(timer); } };
}
