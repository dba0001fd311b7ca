/** The current URL as an observable, updated by every navigation of any app. */
import { makeAutoObservable } from 'mobx';

export class LocationStore {
  pathname = window.location.pathname;
  search = window.location.search;

  constructor() {
    makeAutoObservable(this);
    // single-spa fires popstate for pushState/replaceState too, then its own routing event.
    window.addEventListener('popstate', () => this.sync());
    window.addEventListener('single-spa:routing-event', () => this.sync());
  }

  sync(): void {
    this.pathname = window.location.pathname;
    this.search = window.location.search;
  }
}
