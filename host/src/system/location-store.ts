/** The current URL as an observable, updated by every navigation of any app. */
import { onNavigation } from '@negayno/shared/lib';
import { makeAutoObservable } from 'mobx';

export class LocationStore {
  pathname = window.location.pathname;
  search = window.location.search;

  constructor() {
    makeAutoObservable(this);
    onNavigation(() => this.sync());
  }

  sync(): void {
    this.pathname = window.location.pathname;
    this.search = window.location.search;
  }
}
