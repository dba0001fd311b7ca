/** The releases module's front door: remotes.json served live, loads and failures per remote version, the release steps, a page's preload hints. */
export { installReleases } from './routes.js';
export { ReleaseService } from './service.js';
export { ReleaseFiles } from './files.js';
export { PagePreloads, type PageVisit } from './preloads.js';
export { ReleaseRefused } from './manifest.js';
export { ReleaseTool, type RemoteStatus } from './tool.js';
