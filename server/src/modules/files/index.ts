/** The files module's front door: the service, its store and its routes. */
export { LocalFileStore, type FileStore } from './file-store.js';
export { S3FileStore } from './s3-store.js';
export { filesRoutes } from './routes.js';
export { FilesService, type IncomingFile, type ServedFile, type StoredUpload } from './service.js';
