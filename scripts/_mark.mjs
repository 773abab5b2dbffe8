import ts from 'typescript';
import fs from 'node:fs';
const dir='packages/domain/src/';
const skip=new Set(['error-report-scrub.ts','index.ts']);
for (const f of fs.readdirSync(dir)) {
  if (!f.endsWith('.ts')||f.endsWith('.test.ts')||skip.has(f)) continue;
  const src=fs.readFileSync(dir+f,'utf8');
  const sf=ts.createSourceFile(f,src,ts.ScriptTarget.Latest,true);
  const pos=[];
  const visit=(n)=>{
    if (ts.isStringLiteral(n)) {
      const v=n.text;
      const p=n.parent;
      const isDescribe = ts.isCallExpression(p) && ts.isPropertyAccessExpression(p.expression) && p.expression.name.text==='describe';
      const marked = src.slice(Math.max(0,n.getFullStart()), n.getStart(sf)).includes('i18n');
      if (/^[A-Z]/.test(v) && /[ .!?]/.test(v) && !isDescribe && !marked && !ts.isImportDeclaration(p) && !ts.isExportDeclaration(p)) pos.push(n.getStart(sf));
    }
    ts.forEachChild(n,visit);
  };
  visit(sf);
  if (!pos.length) continue;
  let out=src;
  for (const p of pos.sort((a,b)=>b-a)) out=out.slice(0,p)+'/*i18n*/ '+out.slice(p);
  fs.writeFileSync(dir+f,out);
  console.log(f,pos.length);
}
