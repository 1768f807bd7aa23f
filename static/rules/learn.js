// Learn by predicting: progress per rule, kept in this browser only (localStorage), never sent.
const KEY = "table-ruling-learn-v1";
const RECENT = 5;
const SEEN = 300;

function load() {
  try {
    const state = JSON.parse(localStorage.getItem(KEY) || "null");
    if (state && typeof state === "object" && state.rules && Array.isArray(state.seen)) return state;
  } catch (e) {
    // unreadable: start again
  }
  return { rules: {}, seen: [] };
}

function save(state) {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch (e) {
    // storage full or off: progress is a convenience
  }
}

function record(state, result) {
  const attempt = result.dataset.attempt;
  if (state.seen.includes(attempt)) return; // a reload of the same answer counts once
  state.seen.push(attempt);
  state.seen = state.seen.slice(-SEEN);
  const id = result.dataset.rule;
  const entry = state.rules[id] || { title: result.dataset.ruleTitle, game: result.dataset.game, recent: [] };
  entry.title = result.dataset.ruleTitle;
  entry.recent = entry.recent.concat(result.dataset.right === "1" ? 1 : 0).slice(-RECENT);
  state.rules[id] = entry;
}

function weak(entry) {
  const right = entry.recent.reduce((a, b) => a + b, 0);
  return entry.recent[entry.recent.length - 1] === 0 || right / entry.recent.length < 0.6;
}

function show(state) {
  const box = document.getElementById("learn-progress");
  const list = document.getElementById("learn-progress-list");
  const weakBox = document.getElementById("learn-weak");
  if (!box || !list || !weakBox) return;
  const ids = Object.keys(state.rules);
  if (!ids.length) return;
  list.replaceChildren();
  for (const id of ids) {
    const entry = state.rules[id];
    const right = entry.recent.reduce((a, b) => a + b, 0);
    const li = document.createElement("li");
    li.dataset.rule = id;
    li.className = weak(entry) ? "weak" : "strong";
    const name = document.createElement("span");
    name.textContent = entry.title;
    const marks = document.createElement("span");
    marks.className = "learn-marks";
    marks.textContent = entry.recent.map((r) => (r ? "✓" : "✗")).join("");
    marks.setAttribute("aria-label", `${right} of ${entry.recent.length} right recently`);
    marks.setAttribute("role", "img");
    li.append(name, marks);
    list.append(li);
  }
  weakBox.replaceChildren();
  const byGame = {};
  for (const id of ids) {
    if (!weak(state.rules[id])) continue;
    const game = state.rules[id].game;
    (byGame[game] = byGame[game] || []).push(id);
  }
  const base = box.dataset.base;
  for (const [game, rules] of Object.entries(byGame)) {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] % 1000000000;
    const a = document.createElement("a");
    a.className = "button";
    a.href = `${base}${game}-mixed/${seed}/?rules=${encodeURIComponent(rules.slice(0, 12).join(","))}`;
    a.textContent = `Practise my weak ${game === "armada" ? "Armada" : "X-Wing"} rules (${rules.length})`;
    weakBox.append(a, " ");
  }
  box.hidden = false;
}

const state = load();
const result = document.getElementById("learn-result");
if (result) {
  record(state, result);
  save(state);
}
show(state);
