(function(){
var Z="ESWNPFC",ZN=["East","South","West","North","White","Green","Red"],W="ESWN";
function face(d,s){if(s=="z")return{c:Z[d-1],n:ZN[d-1]};if(d=="0")return{c:"5"+s+"r",n:"red 5"+s};return{c:d+s,n:d+s}}
function list(str){var out=[],re=/(\d)([mpsz])([_*^!+]*)/g,m;while((m=re.exec(str||""))){var f=face(m[1],m[2]);f.g=m[3];out.push(f)}return out}
function tile(f,size){var k="t t-"+f.c+(size?" "+size:""),g=f.g||"";if(g.indexOf("_")>=0)k+=" tg";if(g.indexOf("*")>=0)k+=" rc";if(g.indexOf("^")>=0)k+=" cl";if(g.indexOf("!")>=0)k+=" played";if(g.indexOf("+")>=0)k+=" better";return'<i class="'+k+'" title="'+f.n+'"></i>'}
function group(str){return(str||"").replace(/(\d+)([mpsz])/g,function(_,d,s){return d.split("").map(function(x){return x+s}).join("")})}
function tiles(str,size){return list(str).map(function(f){return tile(f,size)}).join("")}
function words(str){return list(str).map(function(f){return f.n}).join(", ")}
function melds(str,size){if(!str)return"";return str.split(" ").map(function(m){var fs=list(m.slice(1)),name={c:"chi",p:"pon",k:"open kong",x:"added kong",a:"concealed kong"}[m[0]]||"";return'<span title="'+name+'">'+fs.map(function(f,i){return m[0]=="a"&&(i==0||i==fs.length-1)?'<i class="t t-back'+(size?" "+size:"")+'" title="face down"></i>':tile(f,size)}).join("")+"</span>"}).join("")}
function ord(p){return p+(p==1?"st":p==2?"nd":p==3?"rd":"th")}
function shanten(n){n=+n;return n<0?"complete":n==0?"tenpai":n+"-shanten"}
function seatName(sec,s){var li=sec&&sec.querySelector('.players li[data-seat="'+s+'"]');return li?li.innerHTML:"seat "+s}
function board(b,me,sec){var n=b.r.length,pos=n==3?["bottom","right","left"]:["bottom","right","top","left"],h='<div class="board">';
for(var k=0;k<n;k++){var s=(me+k)%n,wind=W[(s-b.x+n)%n],riichi=b.r[s].indexOf("*")>=0;
h+='<div class="sb'+(k==0?" me":"")+'" style="grid-area:'+pos[k]+'"><div class="hd"><span class="wd">'+wind+'</span><span>'+seatName(sec,s)+"</span>";
if(b.c.length)h+='<span class="sc">'+b.c[s]+" · "+ord(b.p[s])+"</span>";
if(riichi)h+='<span class="ri">riichi</span>';
h+="</div>"+(b.m[s]?'<div class="ml">'+melds(b.m[s],"s")+"</div>":"")+'<div class="rv">'+tiles(b.r[s],"s")+"</div></div>"}
h+='<div class="mid"><div>'+({E:"East",S:"South",W:"West",N:"North"}[b.w]||"")+" round</div><div class=\"big\">"+b.l+"</div><div>tiles left</div>";
if(b.h||b.k)h+="<div>"+b.h+" counters · "+b.k+" riichi sticks</div>";
h+='<div>dora indicators</div><div class="dora">'+tiles(b.i,"s")+"</div></div></div>";return h}
function sit(b,sec){var h='<p class="sit"><span>turn <b>'+b.t+"</b></span><span><b>"+b.l+"</b> tiles left</span>";
b.z.forEach(function(z){h+='<span class="threat">seat '+z[0]+(z[1]=="riichi"?" in riichi":" open hand, maybe tenpai")+"</span>"});
if(!b.z.length)h+="<span>no threat</span>";
if(b.d)h+="<span>dora <b>"+words(b.d)+"</b> (indicator "+words(b.i)+")</span>";
if(b.c.length)h+="<span>scores "+b.c.map(function(c,s){return"seat "+s+" "+c+" ("+ord(b.p[s])+")"}).join(", ")+"</span>";
return h+"</p>"}
function hand(str){var p=(str||"").split("|");return'<div class="hand"><span class="concealed">'+tiles(p[0])+"</span>"+(p[1]?p[1].split(" ").map(function(m){return'<span class="meld">'+melds(m)+"</span>"}).join(""):"")+"</div>"}
function facts(str){if(!str)return"";return'<p class="facts">'+str.split(";").map(function(x){var i=x.indexOf(":"),l=x.slice(0,i),v=x.slice(i+1),a=v.split(",");
if(l=="shanten")return'<span class="num">shanten <b>'+a[0]+" → "+a[1]+"</b></span>";
if(l=="ukeire")return'<span class="num">ukeire <b>'+a[0]+"</b> played vs <b>"+a[1]+"</b> best</span>";
if(l=="points")return'<span class="num"><b>'+v+"</b> points</span>";
return'<span class="fact">'+l+" "+tiles(v,"l")+"</span>"}).join("")+"</p>"}
function pct(bp){bp=parseInt(bp,10);return bp==0?'<span class="dz">safe</span>':'<span class="'+(bp<500?"dl":bp<1000?"dm":"dh")+'">'+(bp<1000?(bp/100).toFixed(1):Math.round(bp/100))+"%</span>"}
function kx(h){if(!h)return"";var n=parseInt(h,16),o="";for(var k=0;k<34;k++)if(Math.floor(n/Math.pow(2,k))%2)o+=(k%9+1)+"mpsz"[Math.floor(k/9)];return o}
function ev(s){var p=s.split("/"),e=parseInt(p[0],10);return'<td class="n" title="'+p[1]+'% to win">'+(e>0?"+":"")+e+"</td>"}
function table(str){if(!str)return"";var rows=str.split(";"),hd=rows.shift().split("@"),head=hd[0],th=(hd[1]||"").match(/\d[ro]/g)||[],cap="Every discard, best first: the hand was "+shanten(parseInt(head,10))+" before it";
if(head.indexOf("r")>=0)cap+="; the discard declared riichi";if(head.indexOf("n")>=0)cap+="; an opponent was in riichi, so efficiency was not judged";cap+=". The rank is tile efficiency only: value, safety and yaku are not in it.";if(th.length)cap+=" Deal-in: the chance that the discard deals in to each threat, from the review's danger model (formats/review.md, Danger).";
var h='<div class="scroll"><table class="acceptance"><caption>'+cap+"</caption><thead><tr><th>discard</th><th>shanten</th><th>ukeire</th><th>accepted kinds</th><th>waits</th><th>furiten</th><th>rank</th>"+th.map(function(t){return'<th title="seat '+t[0]+(t[1]=="r"?" in riichi":", open hand, maybe tenpai")+'">deal-in seat '+t[0]+"</th>"}).join("")+(th.length?'<th title="push or fold: chance to win × likely value − each threat\'s deal-in chance × its average loss, in points">push/fold EV</th>':"")+"</tr></thead><tbody>";
var prev="";rows.forEach(function(r){var c=r.split(",");if(c[3]=="=")c[3]=prev;prev=c[3];var pl=c[7]=="!",best=c[6]=="1",cls="cand"+(pl?" played":"")+(best?" best":"");
h+='<tr class="'+cls+'"><td class="d">'+tiles(c[0]+(pl?"!":""),"l")+(pl?' <span class="tag">played</span>':"")+"</td><td>"+shanten(c[1])+'</td><td class="n">'+c[2]+'</td><td class="k">'+tiles(kx(c[3]),"s")+'</td><td class="k">'+(c[1]=="0"?tiles(kx(c[4]),"s"):"—")+"</td><td>"+(c[5]?'<span class="furiten">furiten</span>':"")+'</td><td class="n">'+c[6]+"</td>"+(c[8]?c[8].split("/").map(function(x){return'<td class="n">'+pct(x)+"</td>"}).join(""):"")+(c[9]?ev(c[9]):"")+"</tr>"});
return h+"</tbody></table></div>"}
function quote(a){return/^[A-Za-z0-9_\/.,:+=@%-]+$/.test(a)?a:"'"+a.replace(/'/g,"'\\''")+"'"}
function command(sec,e,seat){var f=sec.getAttribute("data-file"),r=sec.getAttribute("data-rules");if(f.charAt(0)=="-")f="./"+f;return"paifu view "+quote(f)+" --event "+e+" --seat "+seat+(r?" --rules "+quote(r):"")}
function luck(s){if(!s)return"";var a=s.split("|"),at=function(x){return x==""?"no tenpai within the wall":x==a[1]?"tenpai now (turn "+x+")":"tenpai at turn "+x};
return'<p class="luck">The tiles that came, played with hindsight: discarding '+a[0]+" instead, "+at(a[2])+"; as played, "+at(a[3])+(a[4]?"; from turn "+a[4]+" on, the draws are the wall left when the hand ended, dealt on as if no one had called":"")+" (luck, not the judgement).</p>"}
function render(it){var body=it.querySelector(".body");if(!body||body.getAttribute("data-drawn"))return;body.setAttribute("data-drawn","1");
var sec=it.closest("section.game"),seat=+it.getAttribute("data-seat"),h=luck(body.getAttribute("data-w")),b=body.getAttribute("data-b");
if(b){b=JSON.parse(b);h+=sit(b,sec)+'<div class="table-area">'+board(b,seat,sec)+"</div>"}
h+=hand(body.getAttribute("data-h"))+facts(body.getAttribute("data-f"))+table(body.getAttribute("data-c"));
if(sec){var cmd=command(sec,body.getAttribute("data-e"),seat);h+='<p class="cmd">open in the viewer: <code>'+cmd.replace(/&/g,"&amp;").replace(/</g,"&lt;")+'</code><button type="button" class="copy">copy</button></p>'}
body.innerHTML=h}
function filter(){var who=document.getElementById("who"),v=who?who.value:"",ks={},ws={};
document.querySelectorAll('.filters input[name="kind"]').forEach(function(c){ks[c.value]=c.checked});
document.querySelectorAll('.filters input[name="weight"]').forEach(function(c){ws[c.value]=c.checked});
document.querySelectorAll("section.game").forEach(function(sec){var seat=null;if(v.charAt(0)=="s")seat=v.slice(1);else if(v){var li=sec.querySelector('.players li[data-p="'+v+'"]');seat=li?li.getAttribute("data-seat"):"none"}
sec.querySelectorAll("section.kyoku").forEach(function(ky){var any=false;ky.querySelectorAll("details.item").forEach(function(it){var w=["mistake","inaccuracy","note"].filter(function(x){return it.classList.contains(x)})[0],show=(seat===null||it.getAttribute("data-seat")==seat)&&ks[it.getAttribute("data-kind")]!==false&&ws[w]!==false;it.hidden=!show;any=any||show});ky.hidden=!any})})}
document.addEventListener("toggle",function(e){var t=e.target;if(t.classList&&t.classList.contains("item")&&t.open)render(t)},true);
document.addEventListener("click",function(e){var t=e.target;if(t.classList.contains("copy")){var c=t.previousElementSibling.textContent;if(navigator.clipboard)navigator.clipboard.writeText(c);t.textContent="copied"}
if(t.id=="unfold"||t.id=="fold")document.querySelectorAll("details.item").forEach(function(it){if(!it.hidden)it.open=t.id=="unfold"})});
document.addEventListener("change",function(e){if(e.target.closest(".filters"))filter()});
document.addEventListener("DOMContentLoaded",function(){document.querySelectorAll("details.item[open]").forEach(render)});
addEventListener("load",function(){var d=document.documentElement,t=document.querySelector(".hand .t");if(!t)return;var m=/url\("?([^")]*)"?\)/.exec(getComputedStyle(t).backgroundImage);if(!m)return;var i=new Image();i.onload=function(){if(!i.naturalWidth)return;var r=t.getBoundingClientRect();d.setAttribute("data-tiles-ok",i.naturalWidth+"x"+i.naturalHeight);d.setAttribute("data-tile-box",[r.left+scrollX,r.top+scrollY,r.width,r.height].map(Math.round).join(","))};i.src=m[1]});
})();
