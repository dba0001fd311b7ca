/** The staffing module's front door (issue 31): a project's team, the queue of unstaffed projects, staff loads. */
export { loadsOf } from './repo.js';
