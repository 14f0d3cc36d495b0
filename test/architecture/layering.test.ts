import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The dependency rule of ARCHITECTURE.md, checked mechanically: domain imports only domain (and
 * fp-ts); application imports domain, application, fp-ts and io-ts, never an adapter, a framework
 * or a driver.
 */
const SRC = path.resolve(__dirname, '../../src');

export interface SourceFile {
  readonly file: string;
  readonly text: string;
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
}

function layerOf(absolute: string): string {
  const relative = path.relative(SRC, absolute);
  return relative.startsWith('..') ? 'outside' : (relative.split(path.sep)[0] ?? '');
}

const DOMAIN_PACKAGES = [/^fp-ts(\/|$)/];
const APPLICATION_PACKAGES = [/^fp-ts(\/|$)/, /^io-ts(\/|$)/];

export function layerViolations(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const { file, text } of files) {
    const layer = layerOf(file);
    if (layer !== 'domain' && layer !== 'application') continue;
    for (const specifier of importsOf(text)) {
      if (specifier.startsWith('.')) {
        const target = layerOf(path.resolve(path.dirname(file), specifier));
        const allowed = layer === 'domain' ? ['domain'] : ['domain', 'application'];
        if (!allowed.includes(target)) violations.push(`${path.relative(SRC, file)} imports ${specifier} (${target})`);
        continue;
      }
      const packages = layer === 'domain' ? DOMAIN_PACKAGES : APPLICATION_PACKAGES;
      if (!packages.some((pattern) => pattern.test(specifier))) {
        violations.push(`${path.relative(SRC, file)} imports package ${specifier}`);
      }
    }
  }
  return violations;
}

export function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') ? [{ file: full, text: readFileSync(full, 'utf8') }] : [];
  });
}

describe('layering', () => {
  it('src/domain and src/application import nothing they must not', () => {
    expect(layerViolations(sourceFiles(SRC))).to.deep.equal([]);
  });

  describe('the checker', () => {
    const at = (relative: string, text: string): SourceFile => ({ file: path.join(SRC, relative), text });

    it('flags a domain file importing application, adapters, a package or a Node built-in', () => {
      const violations = layerViolations([
        at('domain/sales/sale.ts', "import { X } from '../../application/sales/ports';"),
        at('domain/sales/cpf.ts', "import { Db } from 'mongodb';"),
        at('domain/shared/id.ts', "import { randomUUID } from 'node:crypto';"),
        at(
          'domain/shared/ok.ts',
          "import * as E from 'fp-ts/Either';\nimport { y } from './other';\nimport { z } from '../sales/sale';",
        ),
      ]);
      expect(violations).to.deep.equal([
        'domain/sales/sale.ts imports ../../application/sales/ports (application)',
        'domain/sales/cpf.ts imports package mongodb',
        'domain/shared/id.ts imports package node:crypto',
      ]);
    });

    it('flags an application file importing an adapter, a framework or a driver', () => {
      const violations = layerViolations([
        at(
          'application/sales/dispatch.ts',
          "import { MongoSaleRepository } from '../../adapters/mongo/mongo-sale-repository';",
        ),
        at('application/hub/login.ts', "import jwt from 'jsonwebtoken';\nimport type { Context } from 'koa';"),
        at(
          'application/hub/x.ts',
          "import { injectable } from 'inversify';\nconst r = require('ioredis');\nconst p = import('pino');",
        ),
        at(
          'application/sdr/ok.ts',
          "import * as t from 'io-ts';\nimport { pipe } from 'fp-ts/function';\nimport { Cpf } from " +
            "'../../domain/shared/cpf';",
        ),
        at('adapters/http/fine.ts', "import Koa from 'koa';"),
      ]);
      expect(violations).to.deep.equal([
        'application/sales/dispatch.ts imports ../../adapters/mongo/mongo-sale-repository (adapters)',
        'application/hub/login.ts imports package jsonwebtoken',
        'application/hub/login.ts imports package koa',
        'application/hub/x.ts imports package inversify',
        'application/hub/x.ts imports package ioredis',
        'application/hub/x.ts imports package pino',
      ]);
    });
  });
});
