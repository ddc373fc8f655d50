import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ContractOperation {
  file: string;
  name: string;
  operationId: string;
  method: string;
  path: string;
  /** The createRoute config itself: its request and response schemas are zod. */
  route: Record<string, unknown>;
}

const isOperation = (v: unknown): v is { operationId: string; method: string; path: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { operationId?: unknown }).operationId === 'string' &&
  typeof (v as { method?: unknown }).method === 'string' &&
  typeof (v as { path?: unknown }).path === 'string';

/** Every exported operation constant of bff/contract, with the file that declares it. */
export async function contractOperations(): Promise<ContractOperation[]> {
  const dir = fileURLToPath(new URL('../contract/', import.meta.url));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -'.ts'.length));
  const found: ContractOperation[] = [];
  for (const file of files) {
    const mod = (await import(`../contract/${file}.ts`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (isOperation(value))
        found.push({
          file: `${file}.ts`,
          name,
          ...value,
          route: value as unknown as Record<string, unknown>,
        });
    }
  }
  return found;
}
