/** Types of mail-catcher.mjs for the TypeScript specs. */
export interface MailCatcher {
  smtpUrl: string;
  readerUrl: string;
  close(): Promise<unknown>;
}

export declare function startMailCatcher(): Promise<MailCatcher>;
