/** Types of server.mjs for the TypeScript specs. */
export declare const repoRoot: string;

export declare function newDataDir(): string;

export declare function runAdmin(dataDir: string, args: string[], extraEnv?: Record<string, string>): string;

export interface OwnServer {
  url: string;
  dataDir: string;
  /** The server process's id (the export benchmark reads its memory). */
  pid: number;
  /** Ends the server and removes its data directory. */
  stop(): Promise<void>;
}

export declare function startServer(extraEnv?: Record<string, string>, options?: { dataDir?: string }): Promise<OwnServer>;
