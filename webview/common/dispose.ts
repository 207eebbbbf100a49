/**
 * Every listener the page adds is tied to a disposable, so nothing outlives what it serves
 * (pitfall: listeners added per call and never removed).
 */
export interface Disposable {
  dispose(): void;
}

export function listen<K extends keyof WindowEventMap>(target: Window, type: K, listener: (event: WindowEventMap[K]) => void): Disposable;
export function listen<K extends keyof HTMLElementEventMap>(target: HTMLElement, type: K, listener: (event: HTMLElementEventMap[K]) => void): Disposable;
export function listen(target: EventTarget, type: string, listener: (event: Event) => void): Disposable {
  target.addEventListener(type, listener);
  return { dispose: () => target.removeEventListener(type, listener) };
}

export class DisposableStore implements Disposable {
  private readonly items: Disposable[] = [];
  private disposed = false;

  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  dispose(): void {
    this.disposed = true;
    for (const item of this.items.splice(0).reverse()) item.dispose();
  }
}
