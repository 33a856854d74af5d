// The recorder of any game without a module of its own (static/js/record/games/<ruleset>.js): the offers the
// ruleset computes as buttons, its board module (static/js/boards/) drawing the table. Interface: pm-2.22.js.
export { startAnySetup as startSetup } from "../anysetup.js";
export { startAnyTable as startTable } from "../anytable.js";
