import type { EvalQuery } from '../types';

/**
 * Judged queries of the second set, written with the articles before any ranking change and never tuned
 * on (the whole set is held out). 2 = answers the query (a multi-fact query has one 2 per fact it needs),
 * 1 = related and useful. Paraphrases avoid the answer's words; multi-fact queries need two articles.
 */
export const SET_B_QUERIES: EvalQuery[] = [
  {
    id: 'b-k01',
    kind: 'keyword',
    query: 'brewbox skip delivery',
    relevant: { 'brewbox-pause-subscription': 2 },
  },
  {
    id: 'b-k02',
    kind: 'keyword',
    query: 'grind size espresso',
    relevant: { 'brewbox-grind-size': 2, 'brewbox-roast-levels': 1 },
  },
  {
    id: 'b-k03',
    kind: 'keyword',
    query: 'tallyroute import csv',
    relevant: { 'tallyroute-import-stops': 2 },
  },
  {
    id: 'b-k04',
    kind: 'keyword',
    query: 'proof of delivery signature',
    relevant: { 'tallyroute-proof-of-delivery': 2 },
  },
  {
    id: 'b-k05',
    kind: 'keyword',
    query: 'vet video consult wifi',
    relevant: { 'pawpoint-video-consult': 2 },
  },
  {
    id: 'b-k06',
    kind: 'keyword',
    query: 'vaccination certificate',
    relevant: { 'pawpoint-vaccination-records': 2 },
  },
  {
    id: 'b-k07',
    kind: 'keyword',
    query: 'quillnote restore trash',
    relevant: { 'quillnote-recover-deleted': 2 },
  },
  { id: 'b-k08', kind: 'keyword', query: 'email to note', relevant: { 'quillnote-email-to-note': 2 } },
  { id: 'b-k09', kind: 'keyword', query: 'tallyroute two-factor', relevant: { 'tallyroute-two-factor': 2 } },
  { id: 'b-k10', kind: 'keyword', query: 'brewbox card declined', relevant: { 'brewbox-payment-failed': 2 } },

  {
    id: 'b-p01',
    kind: 'paraphrase',
    query: 'going away for a month, hold my coffee',
    relevant: { 'brewbox-pause-subscription': 2 },
  },
  {
    id: 'b-p02',
    kind: 'paraphrase',
    query: 'beans arrived with a rip in the packet',
    relevant: { 'brewbox-damaged-bag': 2 },
  },
  {
    id: 'b-p03',
    kind: 'paraphrase',
    query: 'the van is too full for all the boxes',
    relevant: { 'tallyroute-vehicle-capacity': 2 },
  },
  {
    id: 'b-p04',
    kind: 'paraphrase',
    query: 'customers should get a heads-up before the courier shows up',
    relevant: { 'tallyroute-recipient-notifications': 2 },
  },
  {
    id: 'b-p05',
    kind: 'paraphrase',
    query: 'driver is in the countryside with no reception',
    relevant: { 'tallyroute-offline-mode': 2 },
  },
  {
    id: 'b-p06',
    kind: 'paraphrase',
    query: 'my dog needs more of his arthritis pills',
    relevant: { 'pawpoint-prescription-refill': 2 },
  },
  {
    id: 'b-p07',
    kind: 'paraphrase',
    query: 'getting reimbursed for the cost of treatment',
    relevant: { 'pawpoint-insurance-claims': 2 },
  },
  {
    id: 'b-p08',
    kind: 'paraphrase',
    query: "my partner also wants to see our cat's files",
    relevant: { 'pawpoint-family-access': 2 },
  },
  {
    id: 'b-p09',
    kind: 'paraphrase',
    query: 'I threw away something I wrote yesterday, can I get it back',
    relevant: { 'quillnote-recover-deleted': 2 },
  },
  {
    id: 'b-p10',
    kind: 'paraphrase',
    query: 'keep a diary page secret from my roommate',
    relevant: { 'quillnote-lock-note': 2 },
  },
  {
    id: 'b-p11',
    kind: 'paraphrase',
    query: 'find words I scribbled with a pen on my tablet',
    relevant: { 'quillnote-search-handwriting': 2 },
  },
  {
    id: 'b-p12',
    kind: 'paraphrase',
    query: 'the coffee tastes too bitter and burnt',
    relevant: { 'brewbox-roast-levels': 2 },
  },

  {
    id: 'b-m01',
    kind: 'multi-fact',
    query: 'if I pause brewbox do I lose my beans and gold discount',
    relevant: { 'brewbox-pause-subscription': 2, 'brewbox-loyalty-beans': 2 },
  },
  {
    id: 'b-m02',
    kind: 'multi-fact',
    query: 'what happens to my loyalty beans when I cancel and when a payment fails',
    relevant: { 'brewbox-cancel-subscription': 2, 'brewbox-payment-failed': 2, 'brewbox-loyalty-beans': 1 },
  },
  {
    id: 'b-m03',
    kind: 'multi-fact',
    query: 'can recipients see the delivery photo and can I export it in a report',
    relevant: {
      'tallyroute-recipient-notifications': 2,
      'tallyroute-export-reports': 2,
      'tallyroute-proof-of-delivery': 1,
    },
  },
  {
    id: 'b-m04',
    kind: 'multi-fact',
    query: 'import stops with time windows then optimise the route',
    relevant: { 'tallyroute-import-stops': 2, 'tallyroute-time-windows': 2, 'tallyroute-optimize-route': 2 },
  },
  {
    id: 'b-m05',
    kind: 'multi-fact',
    query: 'late fee for cancelling the vet appointment, or book a video consult instead',
    relevant: { 'pawpoint-cancel-appointment': 2, 'pawpoint-video-consult': 2 },
  },
  {
    id: 'b-m06',
    kind: 'multi-fact',
    query: 'deleting my pawpoint account, what happens to vaccination certificates',
    relevant: { 'pawpoint-delete-account': 2, 'pawpoint-vaccination-records': 1 },
  },
  {
    id: 'b-m07',
    kind: 'multi-fact',
    query: 'offline notebooks on my phone, which plan do I need',
    relevant: { 'quillnote-offline-notes': 2, 'quillnote-storage-plans': 2 },
  },
  {
    id: 'b-m08',
    kind: 'multi-fact',
    query: 'export all notes and the version history of deleted notes',
    relevant: { 'quillnote-export-notes': 2, 'quillnote-recover-deleted': 2 },
  },
];
