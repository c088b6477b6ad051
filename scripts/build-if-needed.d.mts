export declare const root: string;
export declare const serverBuildFile: string;
export declare function newestMtime(target: string): number;
export declare function buildIfNeeded(options?: { quiet?: boolean }): void;
