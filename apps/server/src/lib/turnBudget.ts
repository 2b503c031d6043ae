// How long one turn of the event loop may spend on requests before it turns the rest away
// (docs/decisions/0033-metrics-overload-backups.md). Under a flood, one turn of the loop reads every
// socket that has a request waiting and runs each request in turn; on SQLite a card info runs to its
// end inside that turn. Past a few hundred waiting requests the turn lasts longer than any caller
// should wait, and every request of the next turn waited for all of it. A 503 costs a tenth of an
// answer: once this turn has spent its budget, the requests still in it are shed, the turn ends
// soon, and the requests accepted stay fast. (@fastify/under-pressure's event-loop delay is a mean
// over a sample: it sheds every request of the next sample, then accepts every request of the one
// after — the accepted ones queued behind hundreds of others.)
//
// A turn starts with the first request that finds no turn open; setImmediate (the loop's check phase,
// right after it has read the sockets) closes it. Nothing runs while no request comes.
export class TurnBudget {
  private turnStart = 0;
  private open = false;
  private readonly close = () => {
    this.open = false;
  };

  constructor(
    private readonly budgetMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly afterTurn: (f: () => void) => void = (f) => setImmediate(f),
  ) {}

  /** false when this turn of the loop has already spent its budget on requests */
  admit(): boolean {
    const now = this.now();
    if (!this.open) {
      this.open = true;
      this.turnStart = now;
      this.afterTurn(this.close);
      return true;
    }
    return now - this.turnStart < this.budgetMs;
  }
}
