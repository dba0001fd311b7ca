/** What the `panels` chunk holds (features/panels.tsx says why it is a chunk of its own). */
export { ArchiveDrawer } from './archive/ArchiveDrawer';
export { FilterPanel } from './filter/FilterPanel';
export { ProjectMenuDrawer } from './project/ProjectMenuDrawer';
export { UsersDrawer } from './users/UsersDrawer';
