// A bot in JavaScript for ttr-teach tournaments (docs/bots.md, "Bots in any language").
// It reads one JSON message a line on standard input and answers one a line on standard output:
// it claims the longest route it can pay for, else draws, else takes the first legal action.
//   ttr-teach tournament claim_first_bot.js --builtin random --games 10
const readline = require("readline");

let rng = 1;
function random() {                       // a small seeded generator: the same seed, the same game
  rng = (rng * 1103515245 + 12345) % 2147483648;
  return rng / 2147483648;
}

function choose(view) {
  const legal = view.legal_actions;
  const claims = legal.filter((a) => a.type === "claim_route");
  if (claims.length > 0) {
    const length = (a) => view.map_routes[a.route];
    claims.sort((a, b) => length(b) - length(a));
    return claims[0];
  }
  if (view.pending === null || view.pending === undefined) {
    const draws = legal.filter((a) => a.type === "draw_blind" || a.type === "draw_face_up");
    if (draws.length > 0) return draws[Math.floor(random() * draws.length)];
  }
  return legal[0];
}

let routeLengths = [];
const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  let answer = null;
  if (message.type === "start") {
    rng = (message.seed || 1) % 2147483648 || 1;
    routeLengths = message.map ? message.map.routes.map((r) => r.length) : [];
    answer = { type: "ready", bot: "ClaimFirst" };
  } else if (message.type === "choose") {
    const view = message.view;
    view.map_routes = routeLengths;
    view.pending = view.decision && view.current_player === view.seat ? view.decision : null;
    answer = { type: "action", action: choose(view) };
  }
  if (answer !== null) process.stdout.write(JSON.stringify(answer) + "\n");
});
