/**
 * The child's side of superviseChild: every child-process entry serves its conversation through
 * this. It refuses to run unless forked with an IPC channel (and with its flag, where one bundle
 * plays two parts), answers the parent's requests, and leaves when the parent disconnects: at
 * once, or, for a child that owns workers or processes of its own, once the work the channel
 * cancelled has settled (so nothing it started outlives it).
 */
import { serve, type Handlers, type MethodsOf, type Served } from '../shared/channel';
import { processTransport } from './node-transports';

export type Emit<E> = Served<E>['emit'];

export interface ChildRole<M extends MethodsOf<M>, E> {
  /** Words for the refusal: "the probe runner". */
  what: string;
  /** The argument the parent passes when one bundle has several roles. */
  flag?: string;
  /** Each event is a promise that resolves once written: a child about to crash must not lose it. */
  handlers(emit: Emit<E>): Handlers<M>;
  /**
   * On disconnect: 'at-once' exits now (a codec or probe process: nothing of its own to stop);
   * 'after-work' waits until the requests being answered have settled (they see their signal abort).
   */
  leave: 'at-once' | 'after-work';
  /** The exit code on disconnect (default 0): a limit process says it was cut off mid-try. */
  exitCode?(): number;
}

export function isStartedAs(flag: string): boolean {
  return process.argv.includes(flag);
}

export function serveAsChild<M extends MethodsOf<M>, E = Record<never, never>>(role: ChildRole<M, E>): Served<E> {
  if (typeof process.send !== 'function' || (role.flag !== undefined && !isStartedAs(role.flag))) {
    throw new Error(`payload-lab: ${role.what} runs only as a child process forked by payload-lab`);
  }
  let served: Served<E> | undefined;
  const emit: Emit<E> = (event, data) => (served ? served.emit(event, data) : Promise.resolve());
  served = serve<M, E>(processTransport(), role.handlers(emit));
  const { idle } = served;
  process.once('disconnect', () => {
    const exit = () => process.exit(role.exitCode?.() ?? 0);
    if (role.leave === 'at-once') exit();
    else void idle().then(exit);
  });
  return served;
}
