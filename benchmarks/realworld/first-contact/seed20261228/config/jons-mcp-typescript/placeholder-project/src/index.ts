export const placeholder: number = 1;
