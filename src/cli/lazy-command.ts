// Commander registers every option of every subcommand up front, only so that help can list them; a run parses
// one command line. A LazyCommand holds the options it is given and registers them just before it is parsed
// (commander's `saveStateBeforeParse`), or when any help is formatted (then the whole tree, so that a parent's
// command list shows `[options]` where it did). What is registered, and in what order, is unchanged.
import { Command, type HelpContext, type Option } from "commander";

export class LazyCommand extends Command {
  /** Options given but not registered yet; undefined once registered. */
  #held: Option[] | undefined = [];

  override createCommand(name?: string): LazyCommand {
    return new LazyCommand(name);
  }

  /** Every `.option()` comes here too. */
  override addOption(option: Option): this {
    if (this.#held === undefined) return super.addOption(option);
    this.#held.push(option);
    return this;
  }

  override saveStateBeforeParse(): void {
    this.#register();
    super.saveStateBeforeParse();
  }

  override helpInformation(context?: HelpContext): string {
    LazyCommand.#registerTree(rootOf(this));
    return super.helpInformation(context);
  }

  #register(): void {
    const held = this.#held;
    if (held === undefined) return;
    this.#held = undefined;
    for (const option of held) super.addOption(option);
  }

  static #registerTree(cmd: Command): void {
    if (cmd instanceof LazyCommand) cmd.#register();
    for (const sub of cmd.commands) LazyCommand.#registerTree(sub);
  }
}

function rootOf(cmd: Command): Command {
  return cmd.parent === null ? cmd : rootOf(cmd.parent);
}
