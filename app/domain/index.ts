export * from "./enroll-by";
export * from "./financing";
export * from "./links";
export * from "./plans";
export * from "./resource-kinds";
export * from "./theme";
export * from "./usage";
export * from "./viewer";
