/**
 * The Onboarding tab's styles, adopted into the panel document by the program chunk (they load with it,
 * not with the panel). The colours are the panel's custom properties (widget/chunks/panel/styles.ts).
 */
export const PROGRAM_CSS = `
.prog{padding:16px}
.prog h2{font-size:18px;line-height:1.3;margin:0 0 8px}
.sec{margin-top:18px}
.prog h3{font-size:15px;margin:0 0 4px}
.pg{display:flex;align-items:center;gap:10px;font-size:13px;color:var(--muted)}
progress{flex:1;height:8px;appearance:none;border:0;border-radius:99px;background:var(--line);overflow:hidden}
progress::-webkit-progress-bar{background:var(--line)}
progress::-webkit-progress-value{background:var(--accent);border-radius:99px}
progress::-moz-progress-bar{background:var(--accent)}
.items{list-style:none;margin:8px 0 0;padding:0}
.it{display:flex;gap:12px;align-items:flex-start;padding:10px 0;border-top:1px solid var(--line)}
.mk{flex:none;width:20px;height:20px;box-sizing:border-box;border-radius:50%;border:2px solid var(--muted);margin-top:2px}
.in_progress .mk{border-color:var(--accent);background:linear-gradient(90deg,var(--accent) 50%,transparent 0)}
.done .mk{border-color:var(--accent);background:var(--accent)}
.done .mk::after{content:"";display:block;width:5px;height:9px;margin:2px 0 0 5px;border:solid var(--card);
border-width:0 2px 2px 0;transform:rotate(45deg)}
.skipped .mk{border-style:dashed}
.tx{flex:1;min-width:0}
.go{display:block;background:none;border:0;padding:0;font-weight:600;text-align:left;cursor:pointer;color:var(--fg)}
.go:hover{color:var(--accent)}
.it b{font-weight:600}
.done .go,.done b,.skipped .go,.skipped b{color:var(--muted)}
.tx p{margin:2px 0 0;color:var(--muted);font-size:13px}
.st{display:inline-block;margin-top:4px;font-size:12px;font-weight:600;color:var(--muted)}
.in_progress .st{color:var(--accent)}
.sk{flex:none;background:none;border:0;color:var(--accent);font-size:13px;font-weight:600;cursor:pointer;
padding:2px 6px;border-radius:6px}
.sk:hover{background:var(--hover)}
.guide{padding:16px}
.guide h2{font-size:19px;line-height:1.3;margin:8px 0 6px}
.guide ol{padding-left:22px;margin:12px 0 18px}
.guide li{margin:6px 0}
.bk{background:none;border:0;padding:4px 0;color:var(--accent);font-weight:600;cursor:pointer}
.guide .btn{margin:0}
`;
