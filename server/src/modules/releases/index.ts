/** The releases module's front door: remotes.json served live, loads and failures per remote version, the release steps. */
export { installReleases } from './routes.js';
export { ReleaseService } from './service.js';
export { ReleaseFiles } from './files.js';
export { ReleaseRefused } from './manifest.js';
export { ReleaseTool, type RemoteStatus } from './tool.js';
